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

/**
 * Where a provider's calls go while it has no keys: the built-in sandbox mounted in this engine, or
 * the sandboxes process at SANDBOX_URL; `none` when the real provider is configured.
 */
export const sandboxUses = ['none', 'in-engine', 'sandboxes-process'] as const;
export type SandboxUse = (typeof sandboxUses)[number];

/** What the admin page and `contrail mode` say of an unconfigured provider. */
export const SANDBOX_USE_TEXT: Record<Exclude<SandboxUse, 'none'>, string> = {
  'in-engine': 'the built-in sandbox (test data, in this engine)',
  'sandboxes-process': 'the built-in sandbox (test data, the sandboxes process at SANDBOX_URL)',
};

/** GET /api/admin/settings (seed 001 §3), with the sandboxes in use. */
export const adminSettingsSchema = z.object({
  enableLiveMode: z.boolean(),
  environment: z.string(),
  duffelApiConfigured: z.boolean(),
  stripeConfigured: z.boolean(),
  sandboxes: z.object({ flights: z.enum(sandboxUses), payments: z.enum(sandboxUses) }),
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
