/**
 * The regions a pricing rule can name instead of a country, each with its countries (ISO 3166-1
 * alpha-2): the world regions agencies price by. A country belongs to one region.
 */
export const REGIONS = {
  europe: {
    name: 'Europe',
    countries:
      'AD AL AM AT AZ BA BE BG BY CH CY CZ DE DK EE ES FI FO FR GB GE GI GR HR HU IE IS IT LI LT LU LV MC MD ME MK MT NL NO PL PT RO RS RU SE SI SK SM TR UA VA XK',
  },
  'north-america': { name: 'North America', countries: 'BM CA GL MX PM US' },
  caribbean: {
    name: 'Central America and the Caribbean',
    countries:
      'AG AI AW BB BL BQ BS BZ CR CU CW DM DO GD GP GT HN HT JM KN KY LC MF MQ MS NI PA PR SV SX TC TT VC VG VI',
  },
  'south-america': { name: 'South America', countries: 'AR BO BR CL CO EC FK GF GY PE PY SR UY VE' },
  'middle-east': { name: 'Middle East', countries: 'AE BH IL IQ IR JO KW LB OM PS QA SA SY YE' },
  africa: {
    name: 'Africa',
    countries:
      'AO BF BI BJ BW CD CF CG CI CM CV DJ DZ EG ER ET GA GH GM GN GQ GW KE KM LR LS LY MA MG ML MR MU MW MZ NA NE NG RE RW SC SD SL SN SO SS ST SZ TD TG TN TZ UG YT ZA ZM ZW',
  },
  asia: {
    name: 'Asia',
    countries: 'AF BD BN BT CN HK ID IN JP KG KH KP KR KZ LA LK MM MN MO MV MY NP PH PK SG TH TJ TL TM TW UZ VN',
  },
  oceania: { name: 'Oceania', countries: 'AS AU CK FJ FM GU KI MH MP NC NF NR NU NZ PF PG PW SB TO TV VU WF WS' },
} as const;

export type RegionId = keyof typeof REGIONS;

export const REGION_IDS = Object.keys(REGIONS) as RegionId[];

const regionOfCountry = new Map<string, RegionId>(
  REGION_IDS.flatMap((id) => REGIONS[id].countries.split(' ').map((country) => [country, id] as const)),
);

export function regionOf(countryCode: string): RegionId | undefined {
  return regionOfCountry.get(countryCode.toUpperCase());
}

export function isRegionId(value: string): value is RegionId {
  return Object.hasOwn(REGIONS, value);
}

/** Does a place of a rule (a country code or a region id) include `countryCode`? */
export function placeIncludes(place: string, countryCode: string): boolean {
  return isRegionId(place) ? regionOf(countryCode) === place : place.toUpperCase() === countryCode.toUpperCase();
}
