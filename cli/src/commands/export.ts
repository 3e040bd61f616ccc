import { EXPORT_KINDS, type ExportKind } from '@contrail/shared/exports/exports';
import type { CommandContext } from '../context.js';
import { InputError } from '../errors.js';
import { parseReason } from './reason.js';

export interface ExportOptions {
  from?: string;
  to?: string;
  brand?: string;
  reveal?: boolean;
  reason?: string;
}

/**
 * `contrail export bookings|money [--from] [--to] [--brand]`: the admin lists' CSV (RFC 4180,
 * UTF-8, header row) on stdout as the engine streams it; travellers' names as initials, or in
 * full with `bookings --reveal --reason` (staff who may reveal personal data; the reason is logged).
 */
export async function exportCsv(ctx: CommandContext, kind: string, options: ExportOptions): Promise<void> {
  if (!EXPORT_KINDS.includes(kind as ExportKind))
    throw new InputError(`export what? choose ${EXPORT_KINDS.join(' or ')}`);
  if (options.reason !== undefined && !options.reveal) throw new InputError('--reason goes with --reveal');
  const filters = {
    ...(options.from && { from: options.from }),
    ...(options.to && { to: options.to }),
    ...(options.brand && { brand: options.brand }),
  };
  const write = (text: string) => ctx.io.stdout.write(text);
  if (options.reveal) {
    if (kind !== 'bookings') throw new InputError('--reveal: only the bookings export holds personal data');
    const reason = parseReason(options.reason);
    await ctx.client.download('/api/admin/exports/bookings/reveal', 'contrail export bookings --reveal', write, {
      ...filters,
      reason,
    });
    return;
  }
  await ctx.client.download(
    `/api/admin/exports/${kind}?${new URLSearchParams(filters)}`,
    `contrail export ${kind}`,
    write,
  );
}
