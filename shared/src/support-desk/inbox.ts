import { z } from 'zod';

/**
 * The contact-messages inbox (issue 31): what travellers sent from the contact and support forms,
 * per brand, each with a status, the member of staff it is assigned to and the booking it names.
 * Changes of status and assignment are events (who, when), listed with the message.
 */
export const CONTACT_MESSAGE_STATUSES = ['new', 'answered', 'closed'] as const;
export type ContactMessageStatus = (typeof CONTACT_MESSAGE_STATUSES)[number];
export const CONTACT_MESSAGE_KINDS = ['contact', 'support'] as const;
export const INBOX_LIMIT_MAX = 100;

export const inboxMessages = {
  status: `status must be one of ${CONTACT_MESSAGE_STATUSES.join(', ')}`,
  assignee: 'assignee must be a username, "me" or "none"',
  limit: `limit must be a whole number from 1 to ${INBOX_LIMIT_MAX}`,
  offset: 'offset must be a whole number, 0 or more',
} as const;

const status = z
  .string({ error: inboxMessages.status })
  .trim()
  .toLowerCase()
  .pipe(z.enum(CONTACT_MESSAGE_STATUSES, { error: inboxMessages.status }));
const username = z
  .string({ error: inboxMessages.assignee })
  .trim()
  .toLowerCase()
  .regex(/^[\w.@+-]{1,100}$/, inboxMessages.assignee);
const whole = (min: number, max: number, message: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value),
    z.number({ error: message }).int(message).min(min, message).max(max, message),
  );

/** GET /api/admin/contact-messages: `assignee` a username, `me` or `none` (unassigned). */
export const inboxQuerySchema = z.object({
  status: status.optional(),
  assignee: username.optional(),
  brand: z.string().trim().toLowerCase().min(1).max(253).optional(),
  limit: whole(1, INBOX_LIMIT_MAX, inboxMessages.limit).default(20),
  offset: whole(0, 1_000_000, inboxMessages.offset).default(0),
});
export type InboxQuery = z.output<typeof inboxQuerySchema>;

/** One message as the inbox lists it: the sender by initials, no text. */
export const contactMessageSummarySchema = z.object({
  id: z.string(),
  brandKey: z.string(),
  kind: z.enum(CONTACT_MESSAGE_KINDS),
  from: z.string(),
  topic: z.string().nullable(),
  bookingReference: z.string().nullable(),
  /** The booking of the brand with that reference (the newest, should two share one). */
  bookingId: z.string().nullable(),
  status: z.enum(CONTACT_MESSAGE_STATUSES),
  assignee: z.string().nullable(),
  receivedAt: z.string(),
  changedAt: z.string().nullable(),
});
export type ContactMessageSummary = z.infer<typeof contactMessageSummarySchema>;

export const inboxAnswerSchema = z.object({
  messages: z.array(contactMessageSummarySchema),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
});
export type InboxAnswer = z.infer<typeof inboxAnswerSchema>;

/** One change of a message, oldest first: a status set or an assignment (null: unassigned). */
export const inboxChangeSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('status'), at: z.string(), by: z.string(), from: z.string(), to: z.string() }),
  z.object({ type: z.literal('assignment'), at: z.string(), by: z.string(), assignee: z.string().nullable() }),
]);
export type InboxChange = z.infer<typeof inboxChangeSchema>;

/** GET /api/admin/contact-messages/:id: the whole message, to answer it, and its changes. */
export const contactMessageSchema = contactMessageSummarySchema.extend({
  name: z.string().nullable(),
  email: z.string(),
  phone: z.string().nullable(),
  message: z.string().nullable(),
  preferredContact: z.string().nullable(),
  changes: z.array(inboxChangeSchema),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;

/** POST /api/admin/contact-messages/:id/status. */
export const messageStatusRequestSchema = z.object({ status });
/** POST /api/admin/contact-messages/:id/assignment: a username, or null to unassign. */
export const messageAssignmentRequestSchema = z.object({ assignee: username.nullable() });
export type MessageStatusRequest = z.infer<typeof messageStatusRequestSchema>;
export type MessageAssignmentRequest = z.infer<typeof messageAssignmentRequestSchema>;
