import { describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import {
  bookingLookupSchema,
  contactFormSchema,
  subscribeFormSchema,
  supportFormMessages as m,
  supportFormSchema,
  supportRequestInputSchema,
} from './forms.js';

function errorsOf(schema: ZodType, input: unknown): Record<string, string[]> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) (errors[issue.path.join('.')] ??= []).push(issue.message);
  return errors;
}

const contact = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  phone: '',
  reason: 'booking',
  bookingReference: '',
  message: 'I would like to add a bag to my trip.',
  preferredContact: 'email',
  privacyConsent: true,
};

describe('contact form', () => {
  it('accepts a complete form, trimming and dropping blank optional fields', () => {
    expect(contactFormSchema.parse({ ...contact, firstName: ' Ada ', bookingReference: ' k7qx2m ' })).toEqual({
      ...contact,
      phone: undefined,
      bookingReference: 'K7QX2M',
    });
  });

  it('names every missing required field with a clear message', () => {
    expect(errorsOf(contactFormSchema, {})).toEqual({
      firstName: [m.firstNameRequired],
      lastName: [m.lastNameRequired],
      email: [m.email],
      reason: [m.reasonRequired],
      message: [m.messageTooShort],
      privacyConsent: [m.privacyConsent],
    });
    expect(errorsOf(contactFormSchema, { ...contact, firstName: '  ', email: 'not-an-email' })).toEqual({
      firstName: ['First name is required'],
      email: ['Please enter a valid email address'],
    });
  });

  it('requires the privacy consent to be given', () => {
    expect(errorsOf(contactFormSchema, { ...contact, privacyConsent: false })).toEqual({
      privacyConsent: [m.privacyConsent],
    });
  });

  it('only knows the seed reasons', () => {
    for (const reason of ['booking', 'cancellation', 'technical', 'billing', 'feedback', 'partnership', 'other']) {
      expect(contactFormSchema.safeParse({ ...contact, reason }).success).toBe(true);
    }
    expect(errorsOf(contactFormSchema, { ...contact, reason: 'complaint' })).toEqual({ reason: [m.reasonRequired] });
  });

  it('checks the optional phone, and requires one for a call back', () => {
    expect(errorsOf(contactFormSchema, { ...contact, phone: 'call me' })).toEqual({ phone: [m.phone] });
    expect(errorsOf(contactFormSchema, { ...contact, phone: '12' })).toEqual({ phone: [m.phone] });
    expect(contactFormSchema.parse({ ...contact, phone: '+1 (201) 555-0147' }).phone).toBe('+1 (201) 555-0147');
    expect(errorsOf(contactFormSchema, { ...contact, preferredContact: 'phone' })).toEqual({
      phone: [m.phoneForCallBack],
    });
    expect(contactFormSchema.safeParse({ ...contact, preferredContact: 'phone', phone: '201 555 0147' }).success).toBe(
      true,
    );
  });

  it('asks for the call-back number together with the other messages', () => {
    expect(errorsOf(contactFormSchema, { preferredContact: 'phone' })).toMatchObject({
      firstName: [m.firstNameRequired],
      phone: [m.phoneForCallBack],
    });
    expect(errorsOf(contactFormSchema, { ...contact, preferredContact: 'phone', phone: 'x' })).toEqual({
      phone: [m.phone],
    });
    expect(contactFormSchema.safeParse(null).success).toBe(false);
    expect(supportRequestInputSchema.safeParse({ kind: 'contact', preferredContact: 'phone' }).success).toBe(false);
  });

  it('defaults the preferred contact method to email', () => {
    const { preferredContact: _omitted, ...rest } = contact;
    expect(contactFormSchema.parse(rest).preferredContact).toBe('email');
  });

  it('bounds the message and the booking reference', () => {
    expect(errorsOf(contactFormSchema, { ...contact, message: 'help' })).toEqual({ message: [m.messageTooShort] });
    expect(errorsOf(contactFormSchema, { ...contact, message: 'x'.repeat(5001) })).toEqual({
      message: [m.messageTooLong],
    });
    expect(errorsOf(contactFormSchema, { ...contact, bookingReference: 'AB-12' })).toEqual({
      bookingReference: [m.bookingReference],
    });
  });
});

describe('support form', () => {
  const support = {
    fullName: 'Ada Lovelace',
    email: 'ada@example.com',
    subject: 'Seat',
    message: 'Can I change my seat?',
  };

  it('accepts a complete form and names each missing field', () => {
    expect(supportFormSchema.parse(support)).toEqual({ ...support, bookingReference: undefined });
    expect(errorsOf(supportFormSchema, { fullName: ' ', email: '', subject: '', message: '' })).toEqual({
      fullName: [m.fullNameRequired],
      email: [m.email],
      subject: [m.subjectRequired],
      message: [m.messageTooShort],
    });
  });
});

describe('subscribe form', () => {
  it('needs a valid email', () => {
    expect(subscribeFormSchema.parse({ email: ' ada@example.com ' })).toEqual({ email: 'ada@example.com' });
    expect(errorsOf(subscribeFormSchema, { email: 'ada@' })).toEqual({ email: [m.email] });
  });
});

describe('support request (the engine input)', () => {
  it('tells the three forms apart by kind and checks each by its own rules', () => {
    expect(supportRequestInputSchema.parse({ kind: 'subscribe', email: 'a@example.com' })).toEqual({
      kind: 'subscribe',
      email: 'a@example.com',
    });
    expect(supportRequestInputSchema.parse({ kind: 'contact', ...contact }).kind).toBe('contact');
    expect(errorsOf(supportRequestInputSchema, { kind: 'contact', ...contact, preferredContact: 'phone' })).toEqual({
      phone: [m.phoneForCallBack],
    });
    expect(errorsOf(supportRequestInputSchema, { kind: 'support', email: 'a@example.com' })).toMatchObject({
      fullName: [m.fullNameRequired],
    });
    expect(errorsOf(supportRequestInputSchema, { kind: 'spam' })).toEqual({
      kind: ['kind must be one of contact, support or subscribe'],
    });
  });
});

describe('booking lookup', () => {
  it('takes the reference as shown on confirmations (5 to 8 letters and digits, any case) and the booking email', () => {
    expect(bookingLookupSchema.parse({ reference: ' k7qx2m ', email: 'a@example.com' })).toEqual({
      reference: 'K7QX2M',
      email: 'a@example.com',
    });
    expect(bookingLookupSchema.parse({ reference: 'ab12cd34', email: 'a@example.com' }).reference).toBe('AB12CD34');
    for (const reference of ['ABC1', 'ABCDEFGHI', 'ORD_00AB', '']) {
      expect(errorsOf(bookingLookupSchema, { reference, email: 'a@example.com' })).toEqual({
        reference: [m.bookingReference],
      });
    }
    expect(errorsOf(bookingLookupSchema, { reference: 'K7QX2M', email: 'x' })).toEqual({ email: [m.email] });
  });
});
