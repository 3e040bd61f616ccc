import { savedTravellerLabel, type SavedTraveller } from '@contrail/shared/accounts/saved-travellers';
import { Link } from 'react-router';
import { useSavedTravellersQuery } from '../account/travellers/travellersApi';
import { SelectField } from '../forms/fields';
import type { PassengerField, PassengerForm } from './passenger-form';

/** What a saved traveller fills in; email and phone stay the booking's own. */
const FILLED: ReadonlyArray<PassengerField & keyof SavedTraveller> = [
  'title',
  'firstName',
  'lastName',
  'gender',
  'dateOfBirth',
  'passportNumber',
  'passportExpiryDate',
  'passportIssuingCountry',
];

/**
 * A signed-in traveller's saved travellers, one pick fills a passenger card (issue 33 item 4).
 * Loaded only for signed-in travellers, after the passenger step's first paint.
 */
export function SavedTravellerPicker({ form, index }: { form: PassengerForm; index: number }) {
  const { data: travellers } = useSavedTravellersQuery();
  if (!travellers) return null;
  if (travellers.length === 0)
    return (
      <p className="text-sm text-muted-foreground">
        Travelling with the same people again?{' '}
        <Link to="/account-settings?tab=travellers" className="font-medium text-primary-text underline">
          Save travellers
        </Link>{' '}
        to fill this in with one pick.
      </p>
    );
  const fill = (id: string) => {
    const traveller = travellers.find((candidate) => candidate.id === id);
    if (!traveller) return;
    const validate = form.formState.isSubmitted;
    for (const field of FILLED)
      form.setValue(`passengers.${index}.${field}`, traveller[field] ?? '', {
        shouldDirty: true,
        shouldValidate: validate,
      });
  };
  return (
    <SelectField
      label="Fill from a saved traveller"
      placeholder="Choose a saved traveller"
      options={travellers.map((traveller) => ({ value: traveller.id, label: savedTravellerLabel(traveller) }))}
      value=""
      onChange={(event) => fill(event.target.value)}
    />
  );
}
