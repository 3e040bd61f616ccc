import {
  SAVED_TRAVELLERS_MAX,
  savedTravellerFormSchema,
  type SavedTraveller,
  type SavedTravellerForm,
} from '@contrail/shared/accounts/saved-travellers';
import { formatLongDate } from '@contrail/shared/results/format';
import { passportCountries } from '@contrail/shared/reference/countries';
import Pencil from 'lucide-react/icons/pencil';
import Plus from 'lucide-react/icons/plus';
import Trash2 from 'lucide-react/icons/trash';
import UserRound from 'lucide-react/icons/user-round';
import { useState } from 'react';
import { errorMessage } from '../../app/api-error';
import { SelectField, TextField } from '../../forms/fields';
import { useZodForm } from '../../forms/use-zod-form';
import { Button } from '../../ui/button';
import { toast } from '../../ui/use-toast';
import { useRemoveTravellerMutation, useSaveTravellerMutation, useSavedTravellersQuery } from './travellersApi';

const countryOptions = passportCountries.map((country) => ({ value: country.code, label: country.name }));

const EMPTY: SavedTravellerForm = {
  firstName: '',
  lastName: '',
  dateOfBirth: '',
  passportNumber: '',
  passportExpiryDate: '',
  passportIssuingCountry: '',
};

function valuesOf(traveller: SavedTraveller | undefined): typeof EMPTY {
  if (!traveller) return EMPTY;
  return Object.fromEntries(
    Object.keys(EMPTY).map((key) => [key, traveller[key as keyof typeof EMPTY] ?? '']),
  ) as typeof EMPTY;
}

function TravellerForm({ traveller, onDone }: { traveller: SavedTraveller | undefined; onDone: () => void }) {
  const [save, { isLoading }] = useSaveTravellerMutation();
  // The engine checks the traveller with the passenger form's rules and names each field it refuses.
  const form = useZodForm(savedTravellerFormSchema, valuesOf(traveller));
  const submit = form.handleSubmit(async (input) => {
    try {
      await save({ ...(traveller && { id: traveller.id }), input }).unwrap();
      toast({
        title: 'Traveller saved',
        description: `${input.firstName} ${input.lastName} is ready to pick when you book.`,
      });
      onDone();
    } catch (error) {
      form.showServerErrors(error);
      toast({
        title: 'Error',
        description: errorMessage(error, 'Unable to save the traveller'),
        variant: 'destructive',
      });
    }
  });
  return (
    <form
      noValidate
      aria-label={traveller ? 'Edit traveller' : 'Add a traveller'}
      className="grid gap-4 rounded-lg border border-border p-4"
      onSubmit={(event) => void submit(event)}
    >
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextField label="First name" autoComplete="off" {...form.field('firstName')} />
        <TextField label="Last name" autoComplete="off" {...form.field('lastName')} />
        <TextField label="Date of birth" type="date" {...form.field('dateOfBirth')} />
      </div>
      <fieldset className="grid grid-cols-1 gap-4 border-t border-border pt-4 sm:grid-cols-3">
        <legend className="pr-2 text-sm font-semibold">Passport (optional)</legend>
        <TextField label="Passport number" autoComplete="off" {...form.field('passportNumber')} />
        <TextField label="Passport expiry date" type="date" {...form.field('passportExpiryDate')} />
        <SelectField
          label="Issuing country"
          placeholder="Select country"
          options={countryOptions}
          {...form.field('passportIssuingCountry')}
        />
      </fieldset>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={isLoading}>
          {isLoading ? 'Saving...' : 'Save Traveller'}
        </Button>
      </div>
    </form>
  );
}

function TravellerRow({ traveller, onEdit }: { traveller: SavedTraveller; onEdit: () => void }) {
  const [remove, { isLoading }] = useRemoveTravellerMutation();
  const name = `${traveller.firstName} ${traveller.lastName}`;
  const removeIt = async () => {
    try {
      await remove(traveller.id).unwrap();
      toast({ title: 'Traveller removed', description: `${name} is no longer saved.` });
    } catch (error) {
      toast({
        title: 'Error',
        description: errorMessage(error, 'Unable to remove the traveller'),
        variant: 'destructive',
      });
    }
  };
  return (
    <li className="flex flex-col gap-3 border-b border-border py-3 last:border-b-0 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 items-start gap-3">
        <UserRound className="mt-0.5 h-5 w-5 shrink-0 text-primary-text" aria-hidden />
        <div className="min-w-0">
          <p className="font-medium break-words text-foreground">{name}</p>
          <p className="text-sm text-muted-foreground">
            Born {formatLongDate(traveller.dateOfBirth)}
            {traveller.passportNumber &&
              ` · Passport ending ${traveller.passportNumber.slice(-3)}` +
                (traveller.passportExpiryDate ? `, valid until ${formatLongDate(traveller.passportExpiryDate)}` : '')}
          </p>
        </div>
      </div>
      <div className="flex shrink-0 gap-2">
        <Button variant="outline" size="sm" onClick={onEdit} aria-label={`Edit ${name}`}>
          <Pencil className="h-4 w-4" aria-hidden /> Edit
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={isLoading}
          onClick={() => void removeIt()}
          aria-label={`Remove ${name}`}
        >
          <Trash2 className="h-4 w-4" aria-hidden /> Remove
        </Button>
      </div>
    </li>
  );
}

/** Account Settings' Travellers tab: the travellers the passenger step offers to fill in (issue 33 item 4). */
export function SavedTravellersSection() {
  const { data: travellers, isLoading, isError } = useSavedTravellersQuery();
  const [editing, setEditing] = useState<string | 'new' | null>(null);
  if (isLoading)
    return (
      <p role="status" className="text-sm text-muted-foreground">
        Loading...
      </p>
    );
  if (isError || !travellers)
    return (
      <p role="alert" className="text-sm text-destructive-text">
        Unable to load your saved travellers. Please try again.
      </p>
    );
  const full = travellers.length >= SAVED_TRAVELLERS_MAX;
  return (
    <div className="grid gap-4">
      {travellers.length === 0 && editing !== 'new' && (
        <p className="text-sm text-muted-foreground">No saved travellers yet.</p>
      )}
      {travellers.length > 0 && (
        <ul aria-label="Saved travellers">
          {travellers.map((traveller) =>
            editing === traveller.id ? (
              <li key={traveller.id} className="py-3">
                <TravellerForm traveller={traveller} onDone={() => setEditing(null)} />
              </li>
            ) : (
              <TravellerRow key={traveller.id} traveller={traveller} onEdit={() => setEditing(traveller.id)} />
            ),
          )}
        </ul>
      )}
      {editing === 'new' ? (
        <TravellerForm traveller={undefined} onDone={() => setEditing(null)} />
      ) : (
        <div>
          <Button variant="outline" disabled={full} onClick={() => setEditing('new')}>
            <Plus className="h-4 w-4" aria-hidden /> Add Traveller
          </Button>
          {full && (
            <p className="mt-2 text-sm text-muted-foreground">
              You keep {SAVED_TRAVELLERS_MAX} travellers, the most an account can. Remove one to add another.
            </p>
          )}
        </div>
      )}
    </div>
  );
}
