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

/** `GET /api/admin/settings/history`: every switch of the mode, oldest first. */
export const modeHistorySchema = z.object({ changes: z.array(modeChangeSchema) });
export type ModeHistory = z.infer<typeof modeHistorySchema>;

/** What `POST /api/admin/login` answers (seed 001 §7). */
export const adminAnswerSchema = z.object({ success: z.boolean(), message: z.string() });
export type AdminAnswer = z.infer<typeof adminAnswerSchema>;

/** `POST /api/admin/settings`: what was done, and the settings now. */
export const updatedSettingsSchema = adminSettingsSchema.extend(adminAnswerSchema.shape);
export type UpdatedSettings = z.infer<typeof updatedSettingsSchema>;
