import { STAFF_ROLE_LABELS, type StaffRole } from '@contrail/shared/staff/roles';
import { plainEmail, type Email } from '../email/plain-email.js';

/** The outbox kind of an invitation email. */
export const STAFF_INVITATION_KIND = 'staff-invitation';

export const INVITATION_SUBJECT = 'You are invited to join the Contrail staff';

/** The page that accepts an invitation; the token rides in the fragment, so no server log or Referer sees it. */
export const invitationLink = (baseUrl: string, token: string) =>
  `${baseUrl.replace(/\/+$/, '')}/admin/invitation#token=${token}`;

export function invitationEmail(invite: {
  role: StaffRole;
  brands: readonly string[];
  invitedBy: string;
  link: string;
  expiresAt: Date;
}): Email {
  const scope = invite.brands.length > 0 ? ` for ${invite.brands.join(', ')}` : ' for every brand';
  return plainEmail(INVITATION_SUBJECT, [
    'Hello,',
    '',
    `${invite.invitedBy} invited you to work as ${STAFF_ROLE_LABELS[invite.role]}${scope}.`,
    'Open this link to choose your username and password:',
    invite.link,
    '',
    `The link works once, until ${invite.expiresAt.toUTCString()}.`,
    'If you did not expect this, you can ignore this email.',
  ]);
}
