import { z } from 'zod';
import { STAFF_ROLES } from '../staff/roles.js';
import { isSafeText, UNSAFE_TEXT_MESSAGE } from '../validation/safe-text.js';

/** Upper bounds the seed does not state: they keep abusive input (and hashing cost) bounded. */
export const USERNAME_MAX = 50;
export const NAME_MAX = 100;
export const EMAIL_MAX = 254;
export const PASSWORD_MAX = 256;

/** ASVS 6.2.1: at least 8 (a deliberate departure from the seed's 6, README "Deliberate departures"). */
export const REGISTER_PASSWORD_MIN = 8;
export const NEW_PASSWORD_MIN = 12;

/** Seed 001 §5: the messages, quoted exactly. */
export const accountMessages = {
  usernameRequired: 'Username is required',
  passwordRequired: 'Password is required',
  usernameTooShort: 'Username must be at least 3 characters',
  usernameTooLong: `Username must be at most ${USERNAME_MAX} characters`,
  email: 'Please enter a valid email address',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  nameTooLong: `Name must be at most ${NAME_MAX} characters`,
  passwordTooShort: `Password must be at least ${REGISTER_PASSWORD_MIN} characters`,
  /** The engine refuses the 10,000 most common passwords (engine/src/accounts/common-passwords.ts). */
  passwordTooCommon: 'This password is too common. Please choose a less guessable one.',
  passwordTooLong: `Password must be at most ${PASSWORD_MAX} characters`,
  passwordsDontMatch: "Passwords don't match",
  currentPasswordRequired: 'Current password is required',
  newPasswordTooShort: 'New password must be at least 12 characters',
  newPasswordClasses:
    'Password must contain at least one uppercase letter, one lowercase letter, one number, and one special character',
  confirmNewPasswordRequired: 'Please confirm your new password',
} as const;

const m = accountMessages;

/** A required string: a missing value gets the same message as an empty one; unsafe text is refused. */
const text = (required: string) => z.string({ error: required }).refine(isSafeText, UNSAFE_TEXT_MESSAGE);

const password = (tooShort: string, min: number) =>
  text(tooShort).min(min, tooShort).max(PASSWORD_MAX, m.passwordTooLong);

/** POST /api/auth/login. */
export const loginSchema = z.object({
  username: text(m.usernameRequired).trim().min(1, m.usernameRequired).max(USERNAME_MAX, m.usernameTooLong),
  password: text(m.passwordRequired).min(1, m.passwordRequired).max(PASSWORD_MAX, m.passwordTooLong),
});

/** POST /api/auth/register: what the client sends (confirmPassword stays in the form). */
export const registerSchema = z.object({
  username: text(m.usernameTooShort).trim().min(3, m.usernameTooShort).max(USERNAME_MAX, m.usernameTooLong),
  email: text(m.email).trim().max(EMAIL_MAX, m.email).pipe(z.email(m.email)),
  firstName: text(m.firstNameRequired).trim().min(1, m.firstNameRequired).max(NAME_MAX, m.nameTooLong),
  lastName: text(m.lastNameRequired).trim().min(1, m.lastNameRequired).max(NAME_MAX, m.nameTooLong),
  password: password(m.passwordTooShort, REGISTER_PASSWORD_MIN),
});

/** The registration form: the request plus a matching confirmation and the (unenforced) terms box. */
export const registerFormSchema = registerSchema
  .extend({ confirmPassword: z.string(), acceptTerms: z.boolean().optional() })
  .refine((form) => form.password === form.confirmPassword, {
    message: m.passwordsDontMatch,
    path: ['confirmPassword'],
  });

const UPPER = /[A-Z]/;
const LOWER = /[a-z]/;
const DIGIT = /[0-9]/;
const SPECIAL = /[^A-Za-z0-9]/;

/** True when a new password has all four character classes of seed 001 §5. */
export function hasAllCharacterClasses(value: string): boolean {
  return UPPER.test(value) && LOWER.test(value) && DIGIT.test(value) && SPECIAL.test(value);
}

/** POST /api/auth/change-password. */
export const changePasswordSchema = z.object({
  currentPassword: text(m.currentPasswordRequired)
    .min(1, m.currentPasswordRequired)
    .max(PASSWORD_MAX, m.passwordTooLong),
  newPassword: password(m.newPasswordTooShort, NEW_PASSWORD_MIN).refine(hasAllCharacterClasses, m.newPasswordClasses),
});

/** The change-password form: the request plus a required, matching confirmation. */
export const changePasswordFormSchema = changePasswordSchema
  .extend({ confirmPassword: z.string().min(1, m.confirmNewPasswordRequired) })
  // An empty confirmation already has its own message.
  .refine((form) => form.confirmPassword === '' || form.newPassword === form.confirmPassword, {
    message: m.passwordsDontMatch,
    path: ['confirmPassword'],
  });

/** GET /api/auth/user: the signed-in user as the header and account settings read it. */
export const currentUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  isAdmin: z.boolean(),
  /** The staff role and brands, so the admin pages show only what the role may do (staff only). */
  staff: z.object({ role: z.enum(STAFF_ROLES), brands: z.array(z.string()) }).optional(),
  /** ISO 8601. */
  createdAt: z.string(),
});

/** What the auth calls answer besides their data (seed 001 §7): logout, change-password. */
export const authAnswerSchema = z.object({ success: z.boolean(), message: z.string() });
export type AuthAnswer = z.infer<typeof authAnswerSchema>;

/** POST /api/auth/login and POST /api/auth/register: the answer and the signed-in user. */
export const signedInAnswerSchema = authAnswerSchema.extend({ user: currentUserSchema });
export type SignedInAnswer = z.infer<typeof signedInAnswerSchema>;

export type LoginInput = z.infer<typeof loginSchema>;
export type RegisterInput = z.infer<typeof registerSchema>;
export type RegisterForm = z.input<typeof registerFormSchema>;
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;
export type ChangePasswordForm = z.input<typeof changePasswordFormSchema>;
export type CurrentUser = z.infer<typeof currentUserSchema>;
