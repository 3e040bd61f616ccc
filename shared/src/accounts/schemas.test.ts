import { describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import {
  accountMessages as m,
  changePasswordFormSchema,
  changePasswordSchema,
  loginSchema,
  registerFormSchema,
  registerSchema,
} from './schemas.js';

/** Every message per field path, for readable expectations. */
function errorsOf(schema: ZodType, input: unknown): Record<string, string[]> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) (errors[issue.path.join('.')] ??= []).push(issue.message);
  return errors;
}

const validRegistration = {
  username: 'ada',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  password: 'secret-pw',
};

describe('login', () => {
  it('requires a username and a password', () => {
    expect(errorsOf(loginSchema, { username: '', password: '' })).toEqual({
      username: [m.usernameRequired],
      password: [m.passwordRequired],
    });
    expect(errorsOf(loginSchema, {})).toEqual({ username: [m.usernameRequired], password: [m.passwordRequired] });
    expect(errorsOf(loginSchema, { username: '   ', password: 'x' })).toEqual({ username: ['Username is required'] });
  });

  it('accepts any one-character credentials and trims the username', () => {
    expect(loginSchema.parse({ username: ' a ', password: ' ' })).toEqual({ username: 'a', password: ' ' });
  });
});

describe('register', () => {
  it('accepts a valid registration', () => {
    expect(registerSchema.parse(validRegistration)).toEqual(validRegistration);
  });

  it('quotes the seed message for each rule', () => {
    expect(errorsOf(registerSchema, { ...validRegistration, username: 'ab' })).toEqual({
      username: ['Username must be at least 3 characters'],
    });
    expect(errorsOf(registerSchema, { ...validRegistration, email: 'not-an-email' })).toEqual({
      email: ['Please enter a valid email address'],
    });
    expect(errorsOf(registerSchema, { ...validRegistration, firstName: ' ' })).toEqual({
      firstName: ['First name is required'],
    });
    expect(errorsOf(registerSchema, { ...validRegistration, lastName: '' })).toEqual({
      lastName: ['Last name is required'],
    });
    expect(errorsOf(registerSchema, { ...validRegistration, password: '12345' })).toEqual({
      password: ['Password must be at least 8 characters'],
    });
  });

  it('gives the same messages when fields are missing', () => {
    expect(errorsOf(registerSchema, {})).toEqual({
      username: [m.usernameTooShort],
      email: [m.email],
      firstName: [m.firstNameRequired],
      lastName: [m.lastNameRequired],
      password: [m.passwordTooShort],
    });
  });

  it('bounds the lengths the seed leaves open', () => {
    expect(errorsOf(registerSchema, { ...validRegistration, username: 'a'.repeat(51) }).username).toEqual([
      m.usernameTooLong,
    ]);
    expect(errorsOf(registerSchema, { ...validRegistration, password: 'a'.repeat(257) }).password).toEqual([
      m.passwordTooLong,
    ]);
  });

  it('wants the confirmation to match in the form, and does not enforce the terms box', () => {
    const form = { ...validRegistration, confirmPassword: 'secret-pw', acceptTerms: false };
    expect(registerFormSchema.safeParse(form).success).toBe(true);
    expect(errorsOf(registerFormSchema, { ...form, confirmPassword: 'secreT' })).toEqual({
      confirmPassword: ["Passwords don't match"],
    });
  });
});

describe('change password', () => {
  const valid = { currentPassword: 'old', newPassword: 'Correct-horse-1' };

  it('accepts a strong new password', () => {
    expect(changePasswordSchema.parse(valid)).toEqual(valid);
  });

  it('requires the current password', () => {
    expect(errorsOf(changePasswordSchema, { ...valid, currentPassword: '' })).toEqual({
      currentPassword: ['Current password is required'],
    });
  });

  it('wants at least 12 characters and all four character classes', () => {
    expect(errorsOf(changePasswordSchema, { ...valid, newPassword: 'Short-1a' }).newPassword).toEqual([
      'New password must be at least 12 characters',
    ]);
    for (const weak of ['no-upper-case-1', 'NO-LOWER-CASE-1', 'No-digits-at-all', 'NoSpecial12345']) {
      expect(errorsOf(changePasswordSchema, { ...valid, newPassword: weak }).newPassword).toEqual([
        'Password must contain at least one uppercase letter, one lowercase letter, one number, and one special character',
      ]);
    }
  });

  it('wants a confirmation in the form, equal to the new password', () => {
    expect(errorsOf(changePasswordFormSchema, { ...valid, confirmPassword: '' }).confirmPassword).toEqual([
      'Please confirm your new password',
    ]);
    expect(errorsOf(changePasswordFormSchema, { ...valid, confirmPassword: 'Correct-horse-2' })).toEqual({
      confirmPassword: ["Passwords don't match"],
    });
    expect(changePasswordFormSchema.safeParse({ ...valid, confirmPassword: valid.newPassword }).success).toBe(true);
  });
});
