import { z } from 'zod';

/** The system mode (seed 001 §3): test uses the providers' test environments, live takes real money. */
export const systemModes = ['test', 'live'] as const;
export type SystemModeName = (typeof systemModes)[number];

/** GET /api/system/mode. */
export const systemModeSchema = z.object({
  isLiveMode: z.boolean(),
  mode: z.enum(systemModes),
});
export type SystemModeView = z.infer<typeof systemModeSchema>;

/** GET /api/admin/settings (seed 001 §3). */
export const adminSettingsSchema = z.object({
  enableLiveMode: z.boolean(),
  environment: z.string(),
  duffelApiConfigured: z.boolean(),
  stripeConfigured: z.boolean(),
});
export type AdminSettings = z.infer<typeof adminSettingsSchema>;

/** POST /api/admin/settings. */
export const updateAdminSettingsSchema = z.object({
  enableLiveMode: z.boolean({ error: 'enableLiveMode must be true or false' }),
});
export type UpdateAdminSettings = z.infer<typeof updateAdminSettingsSchema>;

/** One switch of the system mode, as the audit trail shows it. */
export const modeChangeSchema = z.object({
  mode: z.enum(systemModes),
  by: z.string(),
  at: z.string(),
});
export type ModeChange = z.infer<typeof modeChangeSchema>;
