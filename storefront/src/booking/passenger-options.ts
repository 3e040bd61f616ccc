import { GENDERS, GENDER_LABELS, PASSENGER_TITLES } from '@contrail/shared/booking/passenger-fields';
import { passportCountries } from '@contrail/shared/reference/countries';

const TITLE_LABELS: Record<(typeof PASSENGER_TITLES)[number], string> = {
  mr: 'Mr',
  ms: 'Ms',
  mrs: 'Mrs',
  miss: 'Miss',
  dr: 'Dr',
};

/** The passenger form's choices, as the passenger step and the saved travellers show them. */
export const titleOptions = PASSENGER_TITLES.map((value) => ({ value, label: TITLE_LABELS[value] }));
export const genderOptions = GENDERS.map((value) => ({ value, label: GENDER_LABELS[value] }));
export const countryOptions = passportCountries.map((country) => ({ value: country.code, label: country.name }));
