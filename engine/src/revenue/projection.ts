import type { RevenueFigures } from '@contrail/shared/admin/revenue';
import { ZERO_FIGURES } from '@contrail/shared/admin/revenue';
import { addFigures } from '@contrail/shared/admin/revenue-periods';
import { BOOKING_STREAM_PREFIX, parseBookingEvent } from '../bookings/domain/events.js';
import type { RecordedEvent } from '../eventstore/eventstore.js';
import type { Projection } from '../projections/projection.js';
import type { SqlExecutor } from '../storage/sql.js';
import { revenueEvents, revenueStep, type RevenueBooking, type SaleDelta } from './booking-money.js';
import { FIGURES, FIGURE_COLUMNS } from './columns.js';

/** Booking states remembered between batches (the most recently changed). */
const KEPT_BOOKINGS = 5_000;

const figureColumns = FIGURES.map((field) => FIGURE_COLUMNS[field]);
const SALE_SUMS = ['bookings', 'gross_sales', 'provider_cost', 'markup_margin'];
const SALE_KEYS = ['route', 'carrier', 'rule'];
const addedTo = (table: string) =>
  SALE_SUMS.map((column) => `${column} = ${table}.${column} + EXCLUDED.${column}`).join(', ');
const saleRecord = `brand_key text, day date, currency text, ${[...SALE_KEYS.map((column) => `${column} text`), ...SALE_SUMS.map((column) => `${column} bigint`)].join(', ')}`;
/**
 * One statement per batch: the bookings' facts, the day sums and the sales by route, carrier and
 * rule (per day, and per month so a long range reads few rows), each added to what is stored. Each table's rows come as
 * one JSON array of records, one parameter the database parses in one go: on the embedded
 * database, a parameter per column cost more to pass than the upserts.
 */
const WRITE_BATCH = `WITH put_bookings AS (
    INSERT INTO revenue_bookings (booking_id, booking)
    SELECT booking_id, booking FROM json_to_recordset($1::json) AS t(booking_id text, booking jsonb)
    ON CONFLICT (booking_id) DO UPDATE SET booking = EXCLUDED.booking
  ), add_days AS (
    INSERT INTO revenue_days (brand_key, day, currency, ${figureColumns.join(', ')})
    SELECT * FROM json_to_recordset($2::json)
      AS t(brand_key text, day date, currency text, ${figureColumns.map((column) => `${column} bigint`).join(', ')})
    ON CONFLICT (brand_key, day, currency) DO UPDATE SET ${figureColumns
      .map((column) => `${column} = revenue_days.${column} + EXCLUDED.${column}`)
      .join(', ')}
  ), sales AS (
    SELECT * FROM json_to_recordset($3::json) AS t(${saleRecord})
  ), add_sales AS (
    INSERT INTO revenue_sales SELECT * FROM sales
    ON CONFLICT (brand_key, day, currency, ${SALE_KEYS.join(', ')}) DO UPDATE SET ${addedTo('revenue_sales')}
  )
  INSERT INTO revenue_sales_months
  SELECT brand_key, date_trunc('month', day)::date, currency, ${SALE_KEYS.join(', ')}, ${SALE_SUMS.map((column) => `sum(${column})`).join(', ')}
    FROM sales GROUP BY 1, 2, 3, 4, 5, 6
  ON CONFLICT (brand_key, month, currency, ${SALE_KEYS.join(', ')}) DO UPDATE SET ${addedTo('revenue_sales_months')}`;

/** What one batch adds, summed in memory so each row is written once per batch. */
class BatchSums {
  readonly days = new Map<string, { brandKey: string; day: string; currency: string; figures: RevenueFigures }>();
  readonly sales = new Map<string, SaleDelta>();

  // Both add in place: a new object per event was most of the rebuild's garbage.
  addDay(brandKey: string, day: string, currency: string, add: Partial<RevenueFigures>) {
    const key = `${brandKey}\u0000${day}\u0000${currency}`;
    const known = this.days.get(key);
    if (!known) this.days.set(key, { brandKey, day, currency, figures: addFigures(ZERO_FIGURES, add) });
    else for (const field in add) known.figures[field as keyof RevenueFigures] += add[field as keyof RevenueFigures]!;
  }

  addSale(delta: SaleDelta) {
    const key = [delta.brandKey, delta.day, delta.currency, delta.route, delta.carrier, delta.rule].join('\u0000');
    const known = this.sales.get(key);
    if (!known) this.sales.set(key, { ...delta });
    else {
      known.bookings += delta.bookings;
      known.grossSales += delta.grossSales;
      known.providerCost += delta.providerCost;
      known.markupMargin += delta.markupMargin;
    }
  }

  /** The day sums' and the sales' rows, as WRITE_BATCH takes them (JSON arrays of records); no route or carrier is ''. */
  rows(): [string, string] {
    const days = [...this.days.values()].map(({ brandKey, day, currency, figures }) => ({
      brand_key: brandKey,
      day,
      currency,
      ...Object.fromEntries(FIGURES.map((field) => [FIGURE_COLUMNS[field], figures[field]])),
    }));
    const sales = [...this.sales.values()].map((row) => ({
      brand_key: row.brandKey,
      day: row.day,
      currency: row.currency,
      route: row.route ?? '',
      carrier: row.carrier ?? '',
      rule: row.rule,
      bookings: row.bookings,
      gross_sales: row.grossSales,
      provider_cost: row.providerCost,
      markup_margin: row.markupMargin,
    }));
    return [JSON.stringify(days), JSON.stringify(sales)];
  }

  get empty(): boolean {
    return this.days.size === 0 && this.sales.size === 0;
  }
}

async function readBookings(tx: SqlExecutor, ids: readonly string[]): Promise<Map<string, RevenueBooking>> {
  if (ids.length === 0) return new Map();
  const { rows } = await tx.query<{ booking_id: string; booking: RevenueBooking }>(
    'SELECT booking_id, booking FROM revenue_bookings WHERE booking_id = ANY($1::text[])',
    [ids],
  );
  return new Map(rows.map((row) => [row.booking_id, row.booking]));
}

function byBooking(events: readonly RecordedEvent[]): Map<string, RecordedEvent[]> {
  const grouped = new Map<string, RecordedEvent[]>();
  for (const recorded of events) {
    if (!recorded.streamName.startsWith(BOOKING_STREAM_PREFIX)) continue;
    const bookingId = recorded.streamName.slice(BOOKING_STREAM_PREFIX.length);
    const list = grouped.get(bookingId) ?? [];
    list.push(recorded);
    grouped.set(bookingId, list);
  }
  return grouped;
}

async function applyEvents(
  tx: SqlExecutor,
  events: readonly RecordedEvent[],
  kept: Map<string, RevenueBooking | null>,
) {
  const grouped = byBooking(events);
  // A booking whose start is in this batch has nothing stored yet (each event is applied once).
  const unknown = [...grouped].filter(([id, recorded]) => !kept.has(id) && recorded[0]!.type !== 'BookingStarted');
  const loaded = await readBookings(
    tx,
    unknown.map(([id]) => id),
  );
  const sums = new BatchSums();
  const changed = new Map<string, RevenueBooking>();
  for (const [bookingId, recorded] of grouped) {
    const before = kept.has(bookingId) ? kept.get(bookingId)! : (loaded.get(bookingId) ?? null);
    let booking = before;
    for (const event of recorded) {
      const step = revenueStep(booking, parseBookingEvent(event));
      booking = step.booking;
      for (const delta of step.figures) sums.addDay(delta.brandKey, delta.day, delta.currency, delta.add);
      for (const delta of step.sales) sums.addSale(delta);
    }
    if (booking && booking !== before) changed.set(bookingId, booking);
    kept.delete(bookingId);
    kept.set(bookingId, booking);
    if (kept.size > KEPT_BOOKINGS) kept.delete(kept.keys().next().value!);
  }
  if (changed.size === 0 && sums.empty) return;
  const bookings = JSON.stringify([...changed].map(([id, booking]) => ({ booking_id: id, booking })));
  await tx.query(WRITE_BATCH, [bookings, ...sums.rows()]);
}

/**
 * The revenue read model: per brand, UTC day and currency, the sums of the money the booking
 * events moved (booking-money.ts says which event adds what), the sales per route, carrier and
 * pricing rule, and each booking's few facts that
 * later events need. Each batch adds its sums once; rebuilding from the first event gives the same rows.
 */
export const revenueProjection: Projection = {
  name: 'revenue',
  eventTypes: revenueEvents,
  async apply(tx, recorded) {
    await applyEvents(tx, [recorded], new Map());
  },
  async applyBatch(tx, events, kept) {
    await applyEvents(tx, events, kept as Map<string, RevenueBooking | null>);
  },
  async reset(tx) {
    await tx.query('DELETE FROM revenue_bookings');
    await tx.query('DELETE FROM revenue_days');
    await tx.query('DELETE FROM revenue_sales');
    await tx.query('DELETE FROM revenue_sales_months');
  },
};
