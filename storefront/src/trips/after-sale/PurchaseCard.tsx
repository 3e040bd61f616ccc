import type { CardDetailsInput } from '@contrail/shared/booking/contracts';
import { useState } from 'react';
import { TextField } from '../../forms/fields';

/** The card fields of a purchase after booking: the same card details as checkout, sent once with the purchase. */
export function PurchaseCard({ onChange }: { onChange: (card: CardDetailsInput) => void }) {
  const [card, setCard] = useState<CardDetailsInput>({
    number: '',
    expiryMonth: '',
    expiryYear: '',
    cvv: '',
    holderName: '',
  });
  const set = (field: keyof CardDetailsInput) => (event: React.ChangeEvent<HTMLInputElement>) => {
    const next = { ...card, [field]: event.target.value };
    setCard(next);
    onChange(next);
  };
  return (
    <fieldset className="grid grid-cols-2 gap-3">
      <legend className="mb-1 text-sm font-semibold">Pay by card</legend>
      <TextField
        wrapperClassName="col-span-2"
        label="Card Number"
        inputMode="numeric"
        autoComplete="cc-number"
        value={card.number}
        onChange={set('number')}
      />
      <TextField
        label="Expiry Month"
        inputMode="numeric"
        placeholder="MM"
        value={card.expiryMonth}
        onChange={set('expiryMonth')}
      />
      <TextField
        label="Expiry Year"
        inputMode="numeric"
        placeholder="YY"
        value={card.expiryYear}
        onChange={set('expiryYear')}
      />
      <TextField label="CVV" inputMode="numeric" autoComplete="cc-csc" value={card.cvv} onChange={set('cvv')} />
      <TextField label="Name on Card" autoComplete="cc-name" value={card.holderName} onChange={set('holderName')} />
    </fieldset>
  );
}
