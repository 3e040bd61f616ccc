import {
  GENDERS,
  GENDER_LABELS,
  PASSENGER_MESSAGES,
  PASSENGER_TITLES,
  PASSENGER_TYPE_LABELS,
  passportValidityWarning,
  type Passenger,
} from '@contrail/shared/booking/passenger';
import { passportCountries } from '@contrail/shared/reference/countries';
import { AlertTriangle, IdCard } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { Spinner } from '../ui/spinner';
import { InputField, SelectField } from './fields';
import {
  checkPassengers,
  isPassportErrorKey,
  withoutPassports,
  type PassengerErrors,
  type PassengerField,
  type PassengerFormValues,
} from './passenger-form';

const TITLE_LABELS: Record<(typeof PASSENGER_TITLES)[number], string> = {
  mr: 'Mr',
  ms: 'Ms',
  mrs: 'Mrs',
  miss: 'Miss',
  dr: 'Dr',
};
const titleOptions = PASSENGER_TITLES.map((value) => ({ value, label: TITLE_LABELS[value] }));
const genderOptions = GENDERS.map((value) => ({ value, label: GENDER_LABELS[value] }));
const countryOptions = passportCountries.map((country) => ({ value: country.code, label: country.name }));

export const PASSPORT_BANNER =
  'Passport details are required for this international flight. Please make sure every passport is valid for at least 6 months after travel.';

export interface PassengerStepProps {
  values: PassengerFormValues[];
  onValuesChange: (values: PassengerFormValues[]) => void;
  passportRequired: boolean;
  today: string;
  /** The offer was found invalid: its message; both buttons are disabled. */
  offerProblem: string | null;
  /** Checks the offer before moving on; true when it is still valid. */
  checkOffer: () => Promise<boolean>;
  onContinue: (passengers: Passenger[]) => void;
}

function scrollToTop() {
  window.scrollTo?.({ top: 0, behavior: 'smooth' });
}

function PassengerCard({
  index,
  value,
  errors,
  passportRequired,
  today,
  onChange,
}: {
  index: number;
  value: PassengerFormValues;
  errors: PassengerErrors;
  passportRequired: boolean;
  today: string;
  onChange: (field: PassengerField, next: string) => void;
}) {
  const primary = index === 0;
  const error = (field: PassengerField) => errors[`${index}.${field}`];
  const bind = (field: PassengerField) => ({
    value: value[field],
    onValueChange: (next: string) => onChange(field, next),
    error: error(field),
  });
  const warning = error('passportExpiryDate') ? null : passportValidityWarning(value.passportExpiryDate, today);
  return (
    <Card className="p-4 sm:p-6" role="group" aria-labelledby={`passenger-${index}-heading`}>
      <h3 id={`passenger-${index}-heading`} className="text-lg font-bold">
        Passenger {index + 1}: {PASSENGER_TYPE_LABELS[value.type]}
      </h3>
      <div className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2">
        <SelectField label="Title" placeholder="Select title" options={titleOptions} {...bind('title')} />
        <SelectField label="Gender" placeholder="Select gender" options={genderOptions} {...bind('gender')} />
        <InputField label="First name" autoComplete="given-name" {...bind('firstName')} />
        <InputField label="Last name" autoComplete="family-name" {...bind('lastName')} />
        <InputField label="Date of birth" type="date" max={today} {...bind('dateOfBirth')} />
        <InputField
          label={primary ? 'Email' : 'Email (optional)'}
          type="email"
          autoComplete={primary ? 'email' : 'off'}
          {...bind('email')}
        />
        <InputField
          label={primary ? 'Phone' : 'Phone (optional)'}
          type="tel"
          autoComplete={primary ? 'tel' : 'off'}
          {...bind('phone')}
        />
      </div>
      <fieldset className="mt-5 border-t border-border pt-4">
        <legend className="flex items-center gap-2 pr-2 text-sm font-semibold">
          <IdCard className="h-4 w-4" aria-hidden />
          Passport {passportRequired ? '(required)' : '(optional)'}
        </legend>
        <div className="mt-2 grid grid-cols-1 gap-4 sm:grid-cols-3">
          <InputField label="Passport number" autoComplete="off" {...bind('passportNumber')} />
          <InputField
            label="Passport expiry date"
            type="date"
            min={today}
            hint={
              warning && (
                <p className="mt-1 flex items-center gap-1 text-sm font-medium text-[#8a5a00]">
                  <AlertTriangle className="h-4 w-4" aria-hidden /> {warning}
                </p>
              )
            }
            {...bind('passportExpiryDate')}
          />
          <SelectField
            label="Issuing country"
            placeholder="Select country"
            options={countryOptions}
            {...bind('passportIssuingCountry')}
          />
        </div>
      </fieldset>
    </Card>
  );
}

/** Seed 001 §2 and §5: a card per passenger, the shared rules, the offer check before moving on. */
export function PassengerStep({
  values,
  onValuesChange,
  passportRequired,
  today,
  offerProblem,
  checkOffer,
  onContinue,
}: PassengerStepProps) {
  const [errors, setErrors] = useState<PassengerErrors>({});
  const [notice, setNotice] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const disabled = offerProblem !== null || checking;

  const change = (index: number, field: PassengerField, next: string) => {
    onValuesChange(values.map((value, at) => (at === index ? { ...value, [field]: next } : value)));
    if (errors[`${index}.${field}`]) {
      const rest = { ...errors };
      delete rest[`${index}.${field}`];
      setErrors(rest);
    }
  };

  const proceed = async (passengers: Passenger[]) => {
    setChecking(true);
    const valid = await checkOffer().finally(() => setChecking(false));
    if (valid) onContinue(passengers);
  };

  const submit = async () => {
    const result = checkPassengers(values, { passportRequired, today });
    if (!result.ok) {
      setErrors(result.errors);
      setNotice(PASSENGER_MESSAGES.submitIncomplete);
      scrollToTop();
      return;
    }
    setErrors({});
    setNotice(null);
    await proceed(result.passengers);
  };

  const skip = async () => {
    const result = checkPassengers(values, { passportRequired, today });
    const blocking = result.ok
      ? {}
      : Object.fromEntries(Object.entries(result.errors).filter(([key]) => !isPassportErrorKey(key)));
    if (Object.keys(blocking).length > 0) {
      setErrors(blocking);
      setNotice(PASSENGER_MESSAGES.skipIncomplete);
      scrollToTop();
      return;
    }
    const stripped = withoutPassports(values);
    onValuesChange(stripped);
    const clean = checkPassengers(stripped, { passportRequired: false, today });
    setErrors({});
    setNotice(null);
    if (clean.ok) await proceed(clean.passengers);
  };

  const continueLabel = offerProblem
    ? 'Offer Expired'
    : passportRequired
      ? 'Continue with Passport Info'
      : 'Continue to Payment';

  return (
    <form
      noValidate
      aria-label="Passenger details"
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <h2 className="text-2xl font-bold">Passenger Details</h2>
      {notice && (
        <p
          role="alert"
          className="rounded-lg border border-destructive/40 bg-destructive/10 px-4 py-3 text-sm font-medium"
        >
          {notice}
        </p>
      )}
      {offerProblem && (
        <p
          role="alert"
          className="rounded-lg border border-destructive/40 bg-destructive/10 px-4 py-3 text-sm font-medium"
        >
          {offerProblem}
        </p>
      )}
      {passportRequired && (
        <p
          role="note"
          className="flex items-start gap-2 rounded-lg border border-primary/30 bg-primary/5 px-4 py-3 text-sm"
        >
          <IdCard className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          {PASSPORT_BANNER}
        </p>
      )}
      {values.map((value, index) => (
        <PassengerCard
          key={index}
          index={index}
          value={value}
          errors={errors}
          passportRequired={passportRequired}
          today={today}
          onChange={(field, next) => change(index, field, next)}
        />
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
