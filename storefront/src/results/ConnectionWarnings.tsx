import type { SearchOffer } from '@contrail/shared/flights/search-offer';
import { connectionWarningText, sliceConnections } from '@contrail/shared/results/connections';
import TriangleAlert from 'lucide-react/icons/triangle-exclamation-point';

/** What a traveller should know of the offer's connections: overnight, tight, or at another airport. */
export function ConnectionWarnings({ offer }: { offer: SearchOffer }) {
  const warnings = offer.slices.flatMap((slice) =>
    sliceConnections(slice).flatMap((connection) =>
      connection.warnings.map((kind) => connectionWarningText(kind, connection)),
    ),
  );
  if (warnings.length === 0) return null;
  return (
    <ul className="flex flex-col gap-1" aria-label="Connection warnings">
      {[...new Set(warnings)].map((text) => (
        <li key={text} className="flex items-center gap-1.5 text-xs font-medium text-[#8a4b00]">
          <TriangleAlert className="h-3.5 w-3.5 shrink-0" aria-hidden />
          {text}
        </li>
      ))}
    </ul>
  );
}
