// The form's messages without zod, for what checks a search before the schema loads (multi-city rows).
export const SEARCH_FORM_MESSAGES = {
  returnDateRequired: 'Return date is required',
  returnBeforeDeparture: 'Return date cannot be before departure date',
  sameAirport: 'Destination must be different from origin',
} as const;
