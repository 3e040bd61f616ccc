import { createHash, randomBytes } from 'node:crypto';

/** A fresh invitation token: 32 random bytes, base64url (43 characters). */
export const newInvitationToken = (): string => randomBytes(32).toString('base64url');

/** What is stored instead of the token: its SHA-256, enough for 256 random bits. */
export const hashInvitationToken = (token: string): string => createHash('sha256').update(token).digest('hex');
