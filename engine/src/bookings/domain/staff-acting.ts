import { z } from 'zod';

/**
 * Set when support acted for the traveller (issue #31): who (the staff member's id and username)
 * and why. Absent when the traveller acted themselves.
 */
export const staffActingSchema = z.object({ userId: z.string(), username: z.string(), reason: z.string() });
export type StaffActing = z.infer<typeof staffActingSchema>;
