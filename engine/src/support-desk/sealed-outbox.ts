import type { OutboxMessage } from '@contrail/shared/admin/operations';
import { STAFF_INVITATION_KIND } from '../staff/invitation-email.js';

export const SEALED_TEXT = '[sealed]';

/**
 * An email as the outbox listing shows it: a traveller's message without its body (shown through
 * POST /api/admin/outbox/reveal, for a reason). A staff invitation keeps its body: it holds no
 * traveller's data, and only those who may manage that brand's staff see it at all.
 */
export function sealedBodies(message: OutboxMessage): OutboxMessage {
  if (message.kind === STAFF_INVITATION_KIND) return message;
  return { ...message, text: SEALED_TEXT, html: SEALED_TEXT };
}
