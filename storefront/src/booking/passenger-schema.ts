import { passengersSchema, type PassengerRulesContext } from '@contrail/shared/booking/passenger';
import { z } from 'zod';

/** The passenger step's form: the shared rules (seed 001 §5) for this offer and day. Loaded with its first check. */
export function passengerFormSchema(rules: PassengerRulesContext) {
  return z.object({ passengers: passengersSchema(rules) });
}
