import { describe, expect, it } from 'vitest';
import { bookingViewSchema } from '@contrail/shared/booking/view';
import { brokenContract, errorMessage, NETWORK_ERROR_MESSAGE, toApiError, withContext } from './api-error';

describe('toApiError', () => {
  it('reads "status: body" (seed 000 §8) and the engine\'s message, code and field errors', () => {
    const error = toApiError({
      status: 400,
      data: {
        message: 'origin is required',
        code: 'VALIDATION_ERROR',
        errors: [{ path: 'origin', message: 'Origin is required' }],
      },
    });
    expect(error).toMatchObject({
      status: 400,
      message:
        '400: {"message":"origin is required","code":"VALIDATION_ERROR","errors":[{"path":"origin","message":"Origin is required"}]}',
      serverMessage: 'origin is required',
      code: 'VALIDATION_ERROR',
      fieldErrors: { origin: 'Origin is required' },
    });
    expect(toApiError({ status: 502, data: 'Bad gateway body' }).message).toBe('502: Bad gateway body');
    expect(toApiError({ status: 402, data: { error: 'PAYMENT_FAILED' } }).code).toBe('PAYMENT_FAILED');
  });

  it('uses the status text when the body is empty', () => {
    expect(toApiError({ status: 503, data: '' }, 'Service Unavailable').message).toBe('503: Service Unavailable');
  });

  it('never shows a server error page as text (issue 20)', () => {
    const page = '<!DOCTYPE html><html><body><h1>502 Bad Gateway</h1><hr>nginx</body></html>';
    expect(toApiError({ status: 502, data: page }, 'Bad Gateway').message).toBe('502: Bad Gateway');
    expect(toApiError({ status: 500, data: '<html><body>Oops</body></html>' }).message).toBe('500: Request failed');
    expect(
      toApiError({ status: 'PARSING_ERROR', originalStatus: 504, data: '<html>gateway</html>', error: 'x' }).message,
    ).toBe('504: Unreadable answer');
    expect(errorMessage({ status: 500, data: { message: '<html><body>x</body></html>' } }, 'Fallback')).toBe(
      'Fallback',
    );
  });

  it('keeps network errors readable, and takes errors it already made as they are', () => {
    const offline = toApiError({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' });
    expect(offline).toEqual({ status: 'FETCH_ERROR', message: NETWORK_ERROR_MESSAGE, fieldErrors: {} });
    expect(toApiError(offline)).toBe(offline);
    expect(toApiError(new Error('boom')).message).toBe('boom');
  });
});

describe('errorMessage', () => {
  it("takes the engine's words, else the fallback, else the helper's message", () => {
    expect(errorMessage({ status: 401, data: { message: 'Invalid username or password' } }, 'Login failed')).toBe(
      'Invalid username or password',
    );
    expect(errorMessage({ status: 500, data: '' }, 'Failed to create account')).toBe('Failed to create account');
    expect(errorMessage({ status: 500, data: 'boom' })).toBe('500: boom');
    expect(errorMessage(undefined)).toBe('An unknown error occurred');
  });

  it('puts a service prefix first (seed 000 §8)', () => {
    const wrapped = withContext('Unable to search flights', { status: 400, data: { message: 'bad origin' } });
    expect(errorMessage(wrapped, 'ignored')).toBe('Unable to search flights: bad origin');
  });
});

describe('brokenContract', () => {
  it('is a failure naming where the answer breaks its contract, never a message from the engine', () => {
    const parsed = bookingViewSchema.safeParse({ id: 'b1', bookingData: {} });
    const error = brokenContract(parsed.error!.issues);
    expect(error).toEqual({
      status: 'PARSE_ERROR',
      message: expect.stringMatching(/^Unexpected answer from the server \(duffelBookingId: .+\)$/),
      fieldErrors: {},
    });
    expect(errorMessage(error, 'Unable to load your trips')).toBe('Unable to load your trips');
  });
});
