import { revenueReportSchema } from '@contrail/shared/admin/revenue';
import { bookingSearchAnswerSchema, bookingSearchQuerySchema } from '@contrail/shared/support-desk/booking-search';
import { inboxAnswerSchema, inboxQuerySchema } from '@contrail/shared/support-desk/inbox';
import {
  authAnswerSchema,
  changePasswordSchema,
  currentUserSchema,
  loginSchema,
  registerSchema,
  signedInAnswerSchema,
} from '@contrail/shared/accounts/schemas';
import {
  confirmEnrolmentSchema,
  disableTwoFactorSchema,
  enrolledAtSignInSchema,
  enrolmentSchema,
  loginAnswerSchema,
  recoveryCodesAnswerSchema,
  regenerateRecoveryCodesSchema,
  secondStepSchema,
  twoFactorStatusSchema,
} from '@contrail/shared/accounts/two-factor';
import { savedTravellerListSchema, savedTravellerSchema } from '@contrail/shared/accounts/saved-travellers';
import { savedTravellerInputSchema } from '@contrail/shared/accounts/saved-traveller-input';
import { lastReconciliationSchema } from '@contrail/shared/admin/reconciliation';
import { adminSettingsSchema, modeHistorySchema, systemModeSchema } from '@contrail/shared/admin/settings';
import {
  bookingRequestSchema,
  bookingResponseSchema,
  processCardRequestSchema,
  processCardResponseSchema,
} from '@contrail/shared/booking/contracts';
import { adminBookingListSchema, guestBookingListSchema } from '@contrail/shared/booking/view';
import { sharedTripRequestSchema, sharedTripSchema } from '@contrail/shared/booking/trip-share';
import {
  bookingLookupResultSchema,
  bookingLookupSchema,
  supportRequestInputSchema,
  supportRequestReceiptSchema,
} from '@contrail/shared/content/forms';
import { calendarAnswerSchema } from '@contrail/shared/flights/calendar';
import { flightSearchParamsSchema } from '@contrail/shared/flights/search-params';
import { revealedExportRequestSchema } from '@contrail/shared/exports/exports';
import { trackSearchRequestSchema } from '@contrail/shared/price-tracking/tracked-search';
import { trackedSearchListSchema, trackSearchAnswerSchema } from '@contrail/shared/price-tracking/tracked-search-view';
import { render } from '@testing-library/react';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import type { z } from 'zod';
import { makeStore } from '../app/store';

/**
 * The engine as component tests meet it: MSW answers every `/api` call over the real fetch. What
 * a test gives is checked against the shared zod contracts on both sides: a request the engine
 * would refuse gets the engine's 400 (so a storefront that drifts from a contract fails its
 * tests), and a canned answer that breaks a response contract fails the test that wrote it.
 */
export const engineServer = setupServer(
  http.all('*/api/*', ({ request }) =>
    HttpResponse.json(
      { message: `No API route for ${request.method} ${new URL(request.url).pathname}` },
      { status: 404 },
    ),
  ),
);

type Contract = { from: 'body' | 'query'; schema: z.ZodType };

/** What the engine validates each request with (the same shared schemas). */
const REQUESTS: Record<string, Contract> = {
  'POST /api/auth/login': { from: 'body', schema: loginSchema },
  'POST /api/auth/register': { from: 'body', schema: registerSchema },
  'POST /api/auth/change-password': { from: 'body', schema: changePasswordSchema },
  'POST /api/auth/login/two-factor': { from: 'body', schema: secondStepSchema },
  'POST /api/auth/login/two-factor/confirm': { from: 'body', schema: confirmEnrolmentSchema },
  'POST /api/auth/two-factor/confirm': { from: 'body', schema: confirmEnrolmentSchema },
  'POST /api/auth/two-factor/disable': { from: 'body', schema: disableTwoFactorSchema },
  'POST /api/auth/two-factor/recovery-codes': { from: 'body', schema: regenerateRecoveryCodesSchema },
  'POST /api/support-requests': { from: 'body', schema: supportRequestInputSchema },
  'GET /api/bookings/lookup': { from: 'query', schema: bookingLookupSchema },
  'POST /api/flights/search': { from: 'body', schema: flightSearchParamsSchema },
  'GET /api/flights/search': { from: 'query', schema: flightSearchParamsSchema },
  'GET /api/flights/calendar': { from: 'query', schema: flightSearchParamsSchema },
  'POST /api/payments/process-card': { from: 'body', schema: processCardRequestSchema },
  'POST /api/bookings': { from: 'body', schema: bookingRequestSchema },
  'POST /api/admin/exports/bookings/reveal': { from: 'body', schema: revealedExportRequestSchema },
  'GET /api/admin/booking-search': { from: 'query', schema: bookingSearchQuerySchema },
  'GET /api/admin/contact-messages': { from: 'query', schema: inboxQuerySchema },
  'POST /api/account/travellers': { from: 'body', schema: savedTravellerInputSchema },
  'POST /api/shared-trips/view': { from: 'body', schema: sharedTripRequestSchema },
  'POST /api/price-tracking': { from: 'body', schema: trackSearchRequestSchema },
};

/**
 * What the engine answers with 2xx (any status for process-card, whose refusals share the shape).
 * The storefront parses these answers itself too; this catches a canned answer that breaks its
 * contract where the page would quietly show nothing (guest bookings) or where a seed lets the
 * storefront be lenient (My Trips' bookingData as JSON text is not listed here for that reason).
 */
const RESPONSES: Record<string, { schema: z.ZodType; anyStatus?: boolean }> = {
  'GET /api/auth/user': { schema: currentUserSchema },
  'POST /api/auth/login': { schema: loginAnswerSchema },
  'POST /api/auth/login/two-factor': { schema: signedInAnswerSchema },
  'POST /api/auth/login/two-factor/enrol': { schema: enrolmentSchema },
  'POST /api/auth/login/two-factor/confirm': { schema: enrolledAtSignInSchema },
  'GET /api/auth/two-factor': { schema: twoFactorStatusSchema },
  'POST /api/auth/two-factor/enrol': { schema: enrolmentSchema },
  'POST /api/auth/two-factor/confirm': { schema: recoveryCodesAnswerSchema },
  'POST /api/auth/two-factor/disable': { schema: authAnswerSchema },
  'POST /api/auth/two-factor/recovery-codes': { schema: recoveryCodesAnswerSchema },
  'POST /api/auth/register': { schema: signedInAnswerSchema },
  'POST /api/auth/logout': { schema: authAnswerSchema },
  'POST /api/auth/change-password': { schema: authAnswerSchema },
  'POST /api/support-requests': { schema: supportRequestReceiptSchema },
  'GET /api/bookings/guest': { schema: guestBookingListSchema },
  'GET /api/admin/bookings': { schema: adminBookingListSchema },
  'GET /api/admin/booking-search': { schema: bookingSearchAnswerSchema },
  'GET /api/admin/contact-messages': { schema: inboxAnswerSchema },
  'GET /api/admin/reconciliation': { schema: lastReconciliationSchema },
  'GET /api/admin/revenue': { schema: revenueReportSchema },
  'GET /api/admin/settings': { schema: adminSettingsSchema },
  'GET /api/admin/settings/history': { schema: modeHistorySchema },
  'GET /api/system/mode': { schema: systemModeSchema },
  'GET /api/bookings/lookup': { schema: bookingLookupResultSchema },
  'GET /api/flights/calendar': { schema: calendarAnswerSchema },
  'POST /api/payments/process-card': { schema: processCardResponseSchema, anyStatus: true },
  'POST /api/bookings': { schema: bookingResponseSchema },
  'GET /api/account/travellers': { schema: savedTravellerListSchema },
  'POST /api/account/travellers': { schema: savedTravellerSchema },
  'POST /api/shared-trips/view': { schema: sharedTripSchema },
  'POST /api/price-tracking': { schema: trackSearchAnswerSchema },
  'GET /api/price-tracking': { schema: trackedSearchListSchema },
};

export interface EngineCall {
  method: string;
  path: string;
  /** The JSON body, or the query as an object for a GET. */
  body: unknown;
}

type Answer = [status: number, body?: unknown];
export type EngineTable = Record<string, Answer | ((body: unknown, call: EngineCall) => Answer | Promise<Answer>)>;

function refusal(error: z.ZodError) {
  const errors = error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
  return HttpResponse.json(
    { message: errors[0]?.message ?? 'Invalid request', code: 'VALIDATION_ERROR', errors },
    { status: 400 },
  );
}

async function readCall(request: Request): Promise<EngineCall> {
  const url = new URL(request.url);
  const text = request.method === 'GET' ? '' : await request.text();
  const body: unknown = text
    ? JSON.parse(text)
    : request.method === 'GET' && url.search
      ? Object.fromEntries(url.searchParams)
      : undefined;
  return { method: request.method, path: url.pathname, body };
}

/**
 * Answers each "METHOD /path" of `table` (others: 404), checking requests and answers against the
 * shared contracts. Returns the calls made and the X-Brand-Key each one carried.
 */
export function fakeEngine(table: EngineTable) {
  const calls: EngineCall[] = [];
  const brandKeys: Array<string | null> = [];
  const handlers = Object.entries(table).map(([route, entry]) => {
    const [method, path] = route.split(' ') as [string, string];
    return http.all(`*${path}`, async ({ request }) => {
      if (request.method !== method) return undefined;
      const call = await readCall(request);
      calls.push(call);
      brandKeys.push(request.headers.get('X-Brand-Key'));
      const contract = REQUESTS[route];
      if (contract) {
        const parsed = contract.schema.safeParse(call.body ?? {});
        if (!parsed.success) return refusal(parsed.error);
      }
      let reply: Answer;
      try {
        reply = typeof entry === 'function' ? await entry(call.body, call) : entry;
      } catch {
        // A table entry that throws stands for no answer at all (a network failure).
        return HttpResponse.error();
      }
      const [status, answer] = reply;
      const promise = RESPONSES[route];
      if (promise && (promise.anyStatus || status < 300)) promise.schema.parse(answer);
      return answer === undefined
        ? new HttpResponse(null, { status })
        : HttpResponse.json(answer as JsonBodyType, { status });
    });
  });
  engineServer.use(...handlers);
  return { calls, brandKeys };
}

function WhereAmI() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

/** Renders `page` at `path` with the real store; other paths show where navigation went. */
export function renderPage(page: ReactNode, path: string, at: string = path.split('?')[0]!) {
  const router = createMemoryRouter(
    [
      { path: at, element: page },
      { path: '*', element: <WhereAmI /> },
    ],
    { initialEntries: [path] },
  );
  return render(
    <Provider store={makeStore()}>
      <RouterProvider router={router} />
    </Provider>,
  );
}

export const signedInUser = {
  id: 'u1',
  username: 'ada',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  isAdmin: false,
  createdAt: '2026-11-22T12:00:00.000Z',
};
