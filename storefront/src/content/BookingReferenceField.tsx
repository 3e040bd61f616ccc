import { BOOKING_REFERENCE_HINT } from '@contrail/shared/booking/status';
import type { ComponentProps } from 'react';
import { TextField } from '../forms/fields';

/** A booking reference as shown on confirmations (5 to 8 letters and digits), with that said beneath. */
export function BookingReferenceField(props: Omit<ComponentProps<typeof TextField>, 'label' | 'hint'>) {
  return <TextField label="Booking reference" hint={BOOKING_REFERENCE_HINT} autoCapitalize="characters" {...props} />;
}
