import type { SearchFacets } from '@contrail/shared/flights/offer';
import { toggle, type FilterState } from '@contrail/shared/results/filter-state';
import { Check, RangeSlider, Section } from './filter-controls';

/** Layovers up to this many hours can be asked for; most connections are far shorter. */
const LONGEST_LAYOVER_HOURS = 24;
const EMISSIONS_STEP_KG = 10;

interface ComparisonFiltersProps {
  filters: FilterState;
  facets: SearchFacets | null;
  onChange: (change: Partial<FilterState>) => void;
}

/** Issue 35's filters: connecting airports, the longest layover, and the most emissions per passenger. */
export function ComparisonFilters({ filters, facets, onChange }: ComparisonFiltersProps) {
  const layover = filters.maxLayoverHours ?? LONGEST_LAYOVER_HOURS;
  const emissions = facets?.emissionsKg;
  const maxEmissions = filters.maxEmissionsKg ?? emissions?.max ?? null;
  return (
    <>
      {facets && facets.connections.length > 0 && (
        <Section title="Connecting airports">
          <p className="mb-1 text-xs text-muted-foreground">Connect only at the airports ticked.</p>
          <div className="grid grid-cols-1 sm:grid-cols-2 lg:grid-cols-1">
            {facets.connections.map((airport) => (
              <Check
                key={airport.code}
                label={airport.name}
                hint={airport.code}
                checked={filters.connectingAirports.includes(airport.code)}
                onChange={() => onChange({ connectingAirports: toggle(filters.connectingAirports, airport.code) })}
              />
            ))}
          </div>
        </Section>
      )}

      <Section title="Longest layover">
        <RangeSlider
          min={1}
          max={LONGEST_LAYOVER_HOURS}
          step={1}
          value={[layover]}
          labels={['Longest layover in hours']}
          onChange={([hours = LONGEST_LAYOVER_HOURS]) =>
            onChange({ maxLayoverHours: hours >= LONGEST_LAYOVER_HOURS ? null : hours })
          }
        />
        <p className="mt-2 text-sm text-muted-foreground">
          {filters.maxLayoverHours === null ? 'Any length' : `Up to ${layover}h between flights`}
        </p>
      </Section>

      {emissions && maxEmissions !== null && emissions.max > emissions.min && (
        <Section title="Emissions">
          <RangeSlider
            min={emissions.min}
            max={emissions.max}
            step={EMISSIONS_STEP_KG}
            value={[maxEmissions]}
            labels={['Most kg CO2e per passenger']}
            onChange={([kg = emissions.max]) => onChange({ maxEmissionsKg: kg >= emissions.max ? null : kg })}
          />
          <p className="mt-2 text-sm text-muted-foreground">Up to {maxEmissions} kg CO2e per passenger</p>
        </Section>
      )}
    </>
  );
}
