import { EXPORT_KINDS, type ExportKind } from '@contrail/shared/exports/exports';
import type { CommandContext } from '../context.js';
import { InputError } from '../errors.js';

export interface ExportOptions {
  from?: string;
  to?: string;
  brand?: string;
}

/**
 * `contrail export bookings|money [--from] [--to] [--brand]`: the admin lists' CSV (RFC 4180,
 * UTF-8, header row) on stdout as the engine streams it; travellers' names as initials.
 */
export async function exportCsv(ctx: CommandContext, kind: string, options: ExportOptions): Promise<void> {
  if (!EXPORT_KINDS.includes(kind as ExportKind))
    throw new InputError(`export what? choose ${EXPORT_KINDS.join(' or ')}`);
  const query = new URLSearchParams();
  if (options.from) query.set('from', options.from);
  if (options.to) query.set('to', options.to);
  if (options.brand) query.set('brand', options.brand);
  await ctx.client.download(`/api/admin/exports/${kind}?${query}`, `contrail export ${kind}`, (text) =>
    ctx.io.stdout.write(text),
  );
}
