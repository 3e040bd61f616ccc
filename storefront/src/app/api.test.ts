import { describe, expect, it } from 'vitest';
import { errorMessage, toApiError } from './api';

describe('toApiError', () => {
  it('reads "status: body"', () => {
    expect(toApiError({ status: 400, data: { message: 'origin is required' } }).message).toBe(
      '400: {"message":"origin is required"}',
    );
    expect(toApiError({ status: 502, data: 'Bad gateway body' }).message).toBe('502: Bad gateway body');
  });

  it('uses the status text when the body is empty', () => {
    expect(toApiError({ status: 503, data: '' }, 'Service Unavailable').message).toBe('503: Service Unavailable');
  });

  it('keeps network errors readable', () => {
    expect(toApiError({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' })).toEqual({
      status: 'FETCH_ERROR',
      message: 'TypeError: Failed to fetch',
    });
  });
});

describe('errorMessage', () => {
  it('takes the message or the fallback', () => {
    expect(errorMessage({ status: 500, message: '500: boom' })).toBe('500: boom');
    expect(errorMessage(undefined)).toBe('An unknown error occurred');
  });
});
