import {
  expiryMonthEntry,
  formatCardNumberInput,
  formatCvvInput,
  formatExpiryMonthInput,
  formatExpiryYearInput,
  type cardFormSchema,
  type CardDetails,
} from '@contrail/shared/booking/card';
import type { RefObject } from 'react';
import { TextField } from './fields';
import type { ZodForm } from './use-zod-form';

export type CardForm = ZodForm<ReturnType<typeof cardFormSchema>>;

export const EMPTY_CARD: CardDetails = { number: '', expiryMonth: '', expiryYear: '', cvv: '', holderName: '' };

/**
 * Seed 001 §5's card fields, the same wherever a card pays (checkout, Pay Now): each formatted as it
 * is typed and checked again once a submit showed messages; the month refuses "13" as it is typed.
 * `wide` is the grid span of the fields that take a whole row; `numberInputRef` receives the number
 * field (a declined card focuses it).
 */
export function CardFields({
  form,
  wide,
  numberInputRef,
}: {
  form: CardForm;
  wide: string;
  numberInputRef?: RefObject<HTMLInputElement | null>;
}) {
  const recheck = { shouldValidate: form.formState.isSubmitted };
  const formatted = (name: keyof CardDetails, format: (value: string) => string) =>
    form.field(name, {
      onChange: (event: { target: { value: string } }) => form.setValue(name, format(event.target.value), recheck),
    });
  // The month this render showed: the form has already taken the keystroke.
  const month = form.watch('expiryMonth');
  const { ref: numberRef, ...number } = formatted('number', formatCardNumberInput);
  return (
    <>
      <TextField
        wrapperClassName={wide}
        label="Card number"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 5678 9012 3456"
        {...number}
        ref={(element) => {
          numberRef(element);
          if (numberInputRef) numberInputRef.current = element;
        }}
      />
      <TextField
        wrapperClassName={wide}
        label="Card holder name"
        autoComplete="cc-name"
        {...form.field('holderName')}
      />
      <TextField
        label="Month (MM)"
        inputMode="numeric"
        autoComplete="cc-exp-month"
        placeholder="MM"
        maxLength={2}
        {...form.field('expiryMonth', {
          onChange: (event: { target: { value: string } }) =>
            form.setValue('expiryMonth', expiryMonthEntry(month, event.target.value), recheck),
          onBlur: (event: { target: { value: string } }) =>
            form.setValue('expiryMonth', formatExpiryMonthInput(event.target.value), recheck),
        })}
      />
      <TextField
        label="Year (YY or YYYY)"
        inputMode="numeric"
        autoComplete="cc-exp-year"
        placeholder="YY"
        {...formatted('expiryYear', formatExpiryYearInput)}
      />
      <TextField
        wrapperClassName="col-span-2"
        label="CVV"
        inputMode="numeric"
        autoComplete="cc-csc"
        placeholder="123"
        {...formatted('cvv', formatCvvInput)}
      />
    </>
  );
}
