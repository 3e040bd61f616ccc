import { z } from 'zod';
import {
  BOOKING_REFERENCE_MESSAGE,
  BOOKING_REFERENCE_PATTERN,
  BOOKING_STATUSES,
  normalizeBookingReference,
} from '../booking/status.js';

/** Bounds the seed does not state: they keep a support inbox readable and abuse bounded. */
export const SUPPORT_NAME_MAX = 100;
export const SUPPORT_EMAIL_MAX = 254;
export const SUPPORT_PHONE_MAX = 30;
export const SUPPORT_SUBJECT_MAX = 150;
export const SUPPORT_MESSAGE_MIN = 10;
export const SUPPORT_MESSAGE_MAX = 5000;

/** Seed 001 §2: the contact form's reasons, in order. */
export const CONTACT_REASONS = [
  'booking',
  'cancellation',
  'technical',
  'billing',
  'feedback',
  'partnership',
  'other',
] as const;
export type ContactReason = (typeof CONTACT_REASONS)[number];

/** What the reason select shows for each reason. */
export const CONTACT_REASON_LABELS: Record<ContactReason, string> = {
  booking: 'Booking enquiry',
  cancellation: 'Cancellation or refund',
  technical: 'Technical problem',
  billing: 'Billing and payment',
  feedback: 'Feedback',
  partnership: 'Partnership',
  other: 'Other',
};

export const PREFERRED_CONTACT_METHODS = ['email', 'phone'] as const;

export const supportFormMessages = {
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  fullNameRequired: 'Full name is required',
  nameTooLong: `Name must be at most ${SUPPORT_NAME_MAX} characters`,
  email: 'Please enter a valid email address',
  phone: 'Please enter a valid phone number',
  phoneForCallBack: 'Please enter a phone number so we can call you back',
  reasonRequired: 'Please choose a reason for contacting us',
  subjectRequired: 'Subject is required',
  subjectTooLong: `Subject must be at most ${SUPPORT_SUBJECT_MAX} characters`,
  messageTooShort: `Please tell us a little more (at least ${SUPPORT_MESSAGE_MIN} characters)`,
  messageTooLong: `Message must be at most ${SUPPORT_MESSAGE_MAX} characters`,
  bookingReference: BOOKING_REFERENCE_MESSAGE,
  privacyConsent: 'Please agree to the Privacy Policy so we can answer you',
} as const;

const m = supportFormMessages;

const required = (message: string) => z.string({ error: message }).trim();
const name = (message: string) => required(message).min(1, message).max(SUPPORT_NAME_MAX, m.nameTooLong);
const email = required(m.email).max(SUPPORT_EMAIL_MAX, m.email).pipe(z.email(m.email));
const message = required(m.messageTooShort)
  .min(SUPPORT_MESSAGE_MIN, m.messageTooShort)
  .max(SUPPORT_MESSAGE_MAX, m.messageTooLong);
/** A reference as shown on confirmations, in any case (uppercased, as references are shown). */
const reference = z
  .string({ error: m.bookingReference })
  .transform(normalizeBookingReference)
  .pipe(z.string().regex(BOOKING_REFERENCE_PATTERN, m.bookingReference));
/** Optional: blank means none. */
const bookingReference = z
  .string()
  .optional()
  .transform((value) => (value?.trim() ? normalizeBookingReference(value) : undefined))
  .pipe(z.string().regex(BOOKING_REFERENCE_PATTERN, m.bookingReference).optional());
/** Digits with the usual separators and an optional leading +, 7 to 15 digits. */
const PHONE = /^\+?[\d\s().-]+$/;
const phoneDigits = (value: string) => value.replace(/\D/g, '').length;
const phone = z
  .string()
  .trim()
  .max(SUPPORT_PHONE_MAX, m.phone)
  .refine(
    (value) => value === '' || (PHONE.test(value) && phoneDigits(value) >= 7 && phoneDigits(value) <= 15),
    m.phone,
  )
  .optional()
  .transform((value) => value || undefined);

const contactFields = z.object({
  firstName: name(m.firstNameRequired),
  lastName: name(m.lastNameRequired),
  email,
  phone,
  reason: z.enum(CONTACT_REASONS, { error: m.reasonRequired }),
  bookingReference,
  message,
  preferredContact: z.enum(PREFERRED_CONTACT_METHODS).default('email'),
  privacyConsent: z.boolean({ error: m.privacyConsent }).refine((agreed) => agreed, m.privacyConsent),
});

/** Asking to be called back needs a number to call. */
const hasPhoneForCallBack = (form: { preferredContact: string; phone?: string | undefined }) =>
  form.preferredContact !== 'phone' || form.phone !== undefined;

const phoneForCallBack = {
  message: m.phoneForCallBack,
  path: ['phone'],
  // Checked as soon as these two fields are valid, so the form shows it with the other messages.
  when: (payload: z.core.ParsePayload) =>
    !payload.aborted &&
    typeof payload.value === 'object' &&
    payload.value !== null &&
    payload.issues.every((issue) => issue.path?.[0] !== 'phone' && issue.path?.[0] !== 'preferredContact'),
};

/** The Contact page's form (seed 001 §2), as the storefront validates it and the engine re-checks it. */
export const contactFormSchema = contactFields.refine(hasPhoneForCallBack, phoneForCallBack);

/** The Support page's Contact Us tab (seed 001 §2). */
export const supportFormSchema = z.object({
  fullName: name(m.fullNameRequired),
  email,
  bookingReference,
  subject: required(m.subjectRequired).min(1, m.subjectRequired).max(SUPPORT_SUBJECT_MAX, m.subjectTooLong),
  message,
});

/** The footer's Subscribe box. */
export const subscribeFormSchema = z.object({ email });

/** POST /api/support-requests: one of the three forms, told apart by `kind`. */
export const supportRequestInputSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('contact'), ...contactFields.shape }).refine(hasPhoneForCallBack, phoneForCallBack),
    z.object({ kind: z.literal('support'), ...supportFormSchema.shape }),
    z.object({ kind: z.literal('subscribe'), ...subscribeFormSchema.shape }),
  ],
  { error: 'kind must be one of contact, support or subscribe' },
);

export const SUPPORT_REQUEST_KINDS = ['contact', 'support', 'subscribe'] as const;
export type SupportRequestKind = (typeof SUPPORT_REQUEST_KINDS)[number];

export type ContactForm = z.input<typeof contactFormSchema>;
export type SupportForm = z.input<typeof supportFormSchema>;
export type SubscribeForm = z.input<typeof subscribeFormSchema>;
export type SupportRequestInput = z.infer<typeof supportRequestInputSchema>;

/** POST /api/support-requests: the engine's answer to a recorded request. */
export const supportRequestReceiptSchema = z.object({
  id: z.string(),
  kind: z.enum(SUPPORT_REQUEST_KINDS),
  createdAt: z.string(),
});
export type SupportRequestReceipt = z.infer<typeof supportRequestReceiptSchema>;

/** A recorded request as GET /api/admin/support-requests lists it. */
export const supportRequestRecordSchema = z.object({
  id: z.string(),
  brandKey: z.string(),
  kind: z.enum(SUPPORT_REQUEST_KINDS),
  name: z.string().nullable(),
  email: z.string(),
  phone: z.string().nullable(),
  reason: z.string().nullable(),
  subject: z.string().nullable(),
  bookingReference: z.string().nullable(),
  message: z.string().nullable(),
  preferredContact: z.string().nullable(),
  createdAt: z.string(),
});
export type SupportRequestRecord = z.infer<typeof supportRequestRecordSchema>;

/** GET /api/admin/support-requests: a page of requests, newest first, and how many there are. */
export const supportRequestListSchema = z.object({ requests: z.array(supportRequestRecordSchema), total: z.number() });
export type SupportRequestList = z.infer<typeof supportRequestListSchema>;

/** Support → My Bookings: find a booking's status by reference and the email it was booked with. */
export const bookingLookupSchema = z.object({
  reference,
  email,
});
export type BookingLookupForm = z.input<typeof bookingLookupSchema>;

/** GET /api/bookings/lookup answers only this: no other booking data without sign-in. */
export const bookingLookupResultSchema = z.object({
  reference: z.string(),
  status: z.enum(BOOKING_STATUSES),
});
export type BookingLookupResult = z.infer<typeof bookingLookupResultSchema>;
