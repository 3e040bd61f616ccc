import {
  GENDERS,
  GENDER_LABELS,
  PASSENGER_MESSAGES,
  PASSENGER_TITLES,
  PASSENGER_TITLE_LABELS,
  PASSENGER_TYPE_LABELS,
  passportValidityWarning,
  type PassengerType,
} from '@contrail/shared/booking/passenger-fields';
import type { Passenger } from '@contrail/shared/booking/passenger';
import { passportCountries } from '@contrail/shared/reference/countries';
import AlertTriangle from 'lucide-react/icons/triangle-exclamation-point';
import IdCard from 'lucide-react/icons/id-card';
import { Suspense, useState } from 'react';
import type { FieldErrors, FieldValues } from 'react-hook-form';
import { useCurrentUserQuery } from '../account/authApi';
import { lazyPage } from '../app/lazy-page';
import { SelectField, TextField } from '../forms/fields';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { Spinner } from '../ui/spinner';
import { PassengerIntro } from './PassengerIntro';
import { passportPaths, type PassengerField, type PassengerForm } from './passenger-form';

export interface PassengerStepProps {
  form: PassengerForm;
  types: PassengerType[];
  rules: { passportRequired: boolean; today: string };
  offerCheck: {
    /** The offer was found invalid: its message; both buttons are disabled. */
    problem: string | null;
    /** Checks the offer before moving on; true when it is still valid. */
    check: () => Promise<boolean>;
  };
  onContinue: (passengers: Passenger[]) => void;
}

const titleOptions = PASSENGER_TITLES.map((value) => ({ value, label: PASSENGER_TITLE_LABELS[value] }));
const genderOptions = GENDERS.map((value) => ({ value, label: GENDER_LABELS[value] }));
const countryOptions = passportCountries.map((country) => ({ value: country.code, label: country.name }));

/** Only signed-in travellers fetch it (issue 33 item 4): /booking's first load has no room. */
const SavedTravellerPicker = lazyPage(() => import('./SavedTravellerPicker'), 'SavedTravellerPicker');

function scrollToTop() {
  window.scrollTo?.({ top: 0, behavior: 'smooth' });
}

function PassengerCard({
  index,
  type,
  form,
  rules,
}: Pick<PassengerStepProps, 'form' | 'rules'> & { index: number; type: PassengerType }) {
  const { passportRequired, today } = rules;
  const primary = index === 0;
  const field = (name: PassengerField) => form.field(`passengers.${index}.${name}`);
  const expiry = field('passportExpiryDate');
  const expiryValue = form.watch(`passengers.${index}.passportExpiryDate`) as string;
  const warning = expiry.error ? null : passportValidityWarning(expiryValue, today);
  const { data: user } = useCurrentUserQuery();
  return (
    <Card className="p-4 sm:p-6" role="group" aria-labelledby={`passenger-${index}-heading`}>
      <h3 id={`passenger-${index}-heading`} className="text-lg font-bold">
        Passenger {index + 1}: {PASSENGER_TYPE_LABELS[type]}
      </h3>
      {user && (
        <div className="mt-3 sm:max-w-sm">
          <Suspense>
            <SavedTravellerPicker form={form} index={index} />
          </Suspense>
        </div>
      )}
      <div className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2">
        <SelectField label="Title" placeholder="Select title" options={titleOptions} {...field('title')} />
        <SelectField label="Gender" placeholder="Select gender" options={genderOptions} {...field('gender')} />
        <TextField label="First name" autoComplete="given-name" {...field('firstName')} />
        <TextField label="Last name" autoComplete="family-name" {...field('lastName')} />
        <TextField label="Date of birth" type="date" max={today} {...field('dateOfBirth')} />
        <TextField
          label={primary ? 'Email' : 'Email (optional)'}
          type="email"
          autoComplete={primary ? 'email' : 'off'}
          {...field('email')}
        />
        <TextField
          label={primary ? 'Phone' : 'Phone (optional)'}
          type="tel"
          autoComplete={primary ? 'tel' : 'off'}
          {...field('phone')}
        />
      </div>
      <fieldset className="mt-5 border-t border-border pt-4">
        <legend className="flex items-center gap-2 pr-2 text-sm font-semibold">
          <IdCard className="h-4 w-4" aria-hidden />
          Passport {passportRequired ? '(required)' : '(optional)'}
        </legend>
        <div className="mt-2 grid grid-cols-1 gap-4 sm:grid-cols-3">
          <TextField label="Passport number" autoComplete="off" {...field('passportNumber')} />
          <TextField
            label="Passport expiry date"
            type="date"
            min={today}
            hint={
              warning && (
                <span className="flex items-center gap-1 text-sm font-medium text-[#8a5a00]">
                  <AlertTriangle className="h-4 w-4" aria-hidden /> {warning}
                </span>
              )
            }
            {...expiry}
          />
          <SelectField
            label="Issuing country"
            placeholder="Select country"
            options={countryOptions}
            {...field('passportIssuingCountry')}
          />
        </div>
      </fieldset>
    </Card>
  );
}

function Alert({ children }: { children: string }) {
  return (
    <p role="alert" className="rounded-lg border border-destructive/40 bg-destructive/10 px-4 py-3 text-sm font-medium">
      {children}
    </p>
  );
}

/** Errors on other fields than the passport ones block Skip Passport Info. */
function blocksSkipping(errors: FieldErrors<FieldValues>): boolean {
  const passengers = (errors.passengers ?? []) as Array<Record<string, unknown> | undefined>;
  if (!Array.isArray(passengers)) return true;
  return passengers.some((fields) => Object.keys(fields ?? {}).some((name) => !name.startsWith('passport')));
}

/** Seed 001 §2 and §5: a card per passenger, the shared rules, the offer check before moving on. */
export function PassengerStep({ form, types, rules, offerCheck, onContinue }: PassengerStepProps) {
  const { passportRequired } = rules;
  const { problem: offerProblem, check: checkOffer } = offerCheck;
  const [notice, setNotice] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const disabled = offerProblem !== null || checking;

  const proceed = async (passengers: Passenger[]) => {
    setNotice(null);
    setChecking(true);
    const valid = await checkOffer().finally(() => setChecking(false));
    if (valid) onContinue(passengers);
  };

  const incomplete = (message: string) => {
    setNotice(message);
    scrollToTop();
  };

  const submit = form.handleSubmit(
    ({ passengers }) => proceed(passengers),
    () => incomplete(PASSENGER_MESSAGES.submitIncomplete),
  );

  // Skip Passport Info: the passport fields are dropped; any other problem blocks skipping.
  const skip = form.handleSubmit(
    ({ passengers }) => {
      for (const path of passportPaths(types.length)) form.setValue(path, '');
      const withoutPassports = {
        passportNumber: undefined,
        passportExpiryDate: undefined,
        passportIssuingCountry: undefined,
      };
      return proceed(passengers.map((passenger) => ({ ...passenger, ...withoutPassports })));
    },
    async (errors) => {
      if (blocksSkipping(errors)) return incomplete(PASSENGER_MESSAGES.skipIncomplete);
      for (const path of passportPaths(types.length)) form.setValue(path, '');
      form.clearErrors();
      await skip();
    },
  );

  const continueLabel = offerProblem
    ? 'Offer Expired'
    : passportRequired
      ? 'Continue with Passport Info'
      : 'Continue to Payment';

  return (
    <form noValidate aria-label="Passenger details" className="grid gap-4" onSubmit={(event) => void submit(event)}>
      <PassengerIntro passportRequired={passportRequired}>
        {notice && <Alert>{notice}</Alert>}
        {offerProblem && <Alert>{offerProblem}</Alert>}
      </PassengerIntro>
      {types.map((type, index) => (
        <PassengerCard key={index} index={index} type={type} form={form} rules={rules} />
      ))}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        {!passportRequired && (
          <Button variant="outline" size="lg" disabled={disabled} onClick={() => void skip()}>
            Skip Passport Info
          </Button>
        )}
        <Button type="submit" size="lg" disabled={disabled}>
          {checking && <Spinner />}
          {continueLabel}
        </Button>
      </div>
    </form>
  );
}
