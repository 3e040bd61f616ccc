import { adminTestApp, type AdminTestApp } from '../../admin/test-support/admin-app.js';
import { SelfUrl } from '../../calls/self-url.js';
import { selfAddressedGateway } from '../../payments/wiring.js';
import type { SqlClient } from '../../storage/sql.js';

/** The real app with its booking capability (whose vault opens names); payments are never called. */
export function exportTestApp(sql: SqlClient): Promise<AdminTestApp> {
  const selfUrl = new SelfUrl('127.0.0.1', 0);
  return adminTestApp(sql, { selfUrl, payments: selfAddressedGateway(selfUrl) });
}

/**
 * Given `rows` bookings of 553.50 USD from 2026-11-20T10:00:01Z a second apart (those past 2,000 a
 * day later; every tenth on skyfares.com), the first with Ada Lovelace aboard, the second with its
 * money (captured 553.50, the airline's 450.00).
 */
export async function seedExportBookings(sql: SqlClient, admin: AdminTestApp, rows: number): Promise<void> {
  await sql.query(
    `INSERT INTO booking_views (booking_id, brand_key, status, offer_id, reference, amount, currency, cancellable,
       passengers, created_at, updated_at)
     SELECT 'bk-' || lpad(n::text, 5, '0'), CASE WHEN n % 10 = 0 THEN 'skyfares.com' ELSE 'default' END, 'confirmed',
       'off_' || n, 'R' || n, 55350, 'USD', true, '[]',
       timestamptz '2026-11-20T10:00:00Z' + (CASE WHEN n > 2000 THEN interval '1 day' ELSE interval '0' END) + n * interval '1 second',
       now()
     FROM generate_series(1, $1) AS n`,
    [rows],
  );
  const pii = await admin.deps.bookings!.vault.seal('bk-00001', 'p1', {
    firstName: 'Ada',
    lastName: 'Lovelace',
    dateOfBirth: '1990-12-10',
  });
  await sql.query(`UPDATE booking_views SET passengers = $1::jsonb WHERE booking_id = 'bk-00001'`, [
    JSON.stringify([{ passengerId: 'p1', type: 'adult', pii }]),
  ]);
  const money = {
    brandKey: 'default',
    currency: 'USD',
    travellers: 1,
    route: 'JFK-LHR',
    carrier: 'BA',
    ruleId: 'default',
    providerCost: 45_000,
    captured: 55_350,
    refunded: 0,
    cancelled: false,
  };
  await sql.query(`INSERT INTO revenue_bookings (booking_id, booking) VALUES ('bk-00002', $1::jsonb)`, [
    JSON.stringify(money),
  ]);
}
