import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { requestId } from './request-id.js';

function idFor(incoming: string | undefined) {
  const headers = new Map<string, string>();
  const req = { headers: incoming === undefined ? {} : { 'x-request-id': incoming } } as IncomingMessage;
  const res = { setHeader: (name: string, value: string) => headers.set(name, value) } as unknown as ServerResponse;
  const id = requestId(req, res);
  return { id, echoed: headers.get('X-Request-Id') };
}

describe("a request's id", () => {
  it("is the client's own when it is a short plain id, and is answered back", () => {
    expect(idFor('abc-123.retry_2')).toEqual({ id: 'abc-123.retry_2', echoed: 'abc-123.retry_2' });
  });

  it('is a new one when the client sent none, or one too long or with other characters', () => {
    for (const incoming of [undefined, 'x'.repeat(65), 'a b', 'a"b']) {
      const { id, echoed } = idFor(incoming);
      expect(id).toMatch(/^[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}$/);
      expect(echoed).toBe(id);
    }
  });

  it('is a new one, neither logged nor echoed, when the client put a card number in it', () => {
    for (const incoming of [
      '4242424242424242',
      'card4000056655665556',
      '4242.4242.4242.4242',
      'req_4242_4242_4242_4242',
    ]) {
      const { id, echoed } = idFor(incoming);
      expect(id).not.toMatch(/4242|4000/);
      expect(echoed).toBe(id);
    }
  });
});
