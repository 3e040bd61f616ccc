import type { RecordedEvent } from '../../eventstore/eventstore.js';
import type { Projection } from '../../projections/projection.js';
import type { SqlExecutor } from '../../storage/sql.js';
import { BOOKING_STREAM_PREFIX, parseBookingEvent, type PassengerRecord } from '../../bookings/domain/events.js';
import { SqlPiiKeyStore } from '../../bookings/pii/sql-key-store.js';
import { PiiVault } from '../../bookings/pii/vault.js';
import { BlindIndex } from './blind-index.js';

export const BOOKING_SEARCH_KEYS = 'booking-search-keys';

async function indexTravellers(
  tx: SqlExecutor,
  index: BlindIndex,
  vault: PiiVault,
  bookingId: string,
  passengers: readonly PassengerRecord[],
): Promise<void> {
  await tx.query('DELETE FROM booking_search_keys WHERE booking_id = $1', [bookingId]);
  for (const passenger of passengers) {
    // Null once erased: an erased traveller is never indexed again, even by a rebuild.
    const pii = await vault.open(passenger.pii);
    if (!pii) continue;
    for (const key of index.travellerKeys(pii)) {
      await tx.query(
        `INSERT INTO booking_search_keys (booking_id, passenger_id, kind, digest) VALUES ($1, $2, $3, $4)
         ON CONFLICT DO NOTHING`,
        [bookingId, passenger.passengerId, key.kind, key.digest],
      );
    }
  }
}

/**
 * The support search's blind index, from the booking streams: a traveller's keys are written when
 * their data is provided (opened with the booking's data keys, inside the projection's own
 * transaction) and deleted when it is erased. Rebuilt from the first event, it holds the keys of
 * the travellers whose data can still be read, no others.
 */
export function bookingSearchKeysProjection(piiMasterKey: Buffer): Projection {
  const index = new BlindIndex(piiMasterKey);
  return {
    name: BOOKING_SEARCH_KEYS,
    eventTypes: ['PassengersProvided', 'PassengerDataErased'],
    async apply(tx, recorded: RecordedEvent) {
      if (!recorded.streamName.startsWith(BOOKING_STREAM_PREFIX)) return;
      const bookingId = recorded.streamName.slice(BOOKING_STREAM_PREFIX.length);
      const event = parseBookingEvent(recorded);
      if (event.type === 'PassengersProvided') {
        const vault = new PiiVault(new SqlPiiKeyStore(tx, piiMasterKey));
        await indexTravellers(tx, index, vault, bookingId, event.data.passengers);
      } else if (event.type === 'PassengerDataErased') {
        await tx.query('DELETE FROM booking_search_keys WHERE booking_id = $1 AND passenger_id = ANY($2::text[])', [
          bookingId,
          event.data.passengerIds,
        ]);
      }
    },
    async reset(tx) {
      await tx.query('DELETE FROM booking_search_keys');
    },
  };
}
