import { csvRecord } from '@contrail/shared/csv/rfc4180';
import type { Response } from 'express';
import { once } from 'node:events';

/**
 * Streams a CSV download: UTF-8 with a header row (RFC 4180, shared/src/csv), each page written as
 * it is read and the next one read only once the client has taken the last (backpressure), so a
 * large export holds one page in memory. A client that goes away stops the reading.
 */
export async function sendCsv(
  res: Response,
  filename: string,
  header: readonly string[],
  pages: AsyncIterable<ReadonlyArray<readonly (string | number)[]>>,
): Promise<void> {
  res.setHeader('Content-Type', 'text/csv; charset=utf-8');
  res.setHeader('Content-Disposition', `attachment; filename="${filename}"`);
  res.setHeader('Cache-Control', 'no-store');
  res.write(csvRecord(header));
  for await (const records of pages) {
    if (res.destroyed) return;
    if (!res.write(records.map(csvRecord).join(''))) await Promise.race([once(res, 'drain'), once(res, 'close')]);
  }
  res.end();
}
