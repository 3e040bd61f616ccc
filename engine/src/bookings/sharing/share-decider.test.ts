import { describe, expect, it } from 'vitest';
import { fold } from '../../eventstore/command-handler.js';
import { decideShare, shareDecider, type ShareCommand, type ShareEvent } from './share-decider.js';
import { bookingIdOfToken, newShareToken, shareTokenHash, tokenMatches } from './share-token.js';

const T0 = '2026-11-29T12:00:00.000Z';
const T1 = '2026-11-29T13:00:00.000Z';
const created = (tokenHash: string, at = T0): ShareEvent => ({ type: 'ShareLinkCreated', data: { tokenHash, at } });
const revoked = (tokenHash: string, at = T1): ShareEvent => ({ type: 'ShareLinkRevoked', data: { tokenHash, at } });
const create = (
  tokenHash: string,
  at = T0,
  bookingPhase: 'confirmed' | 'completed' | 'cancelled' | 'held' = 'confirmed',
): ShareCommand => ({
  type: 'CreateShareLink',
  tokenHash,
  bookingPhase,
  at,
});
const revoke = (at = T1): ShareCommand => ({ type: 'RevokeShareLink', at });

function given(history: ShareEvent[]) {
  const state = fold(shareDecider, history, shareDecider.initialState);
  return {
    when: (command: ShareCommand) => ({
      then: (expected: ShareEvent[]) => expect(decideShare(command, state)).toEqual(expected),
      thenRefused: (code: string) =>
        expect(() => decideShare(command, state)).toThrow(expect.objectContaining({ code })),
    }),
    state,
  };
}

/** Issue 36: a trip's read-only share link, created, replaced and revoked by its owner. */
describe('a trip’s share link', () => {
  it('is created for a booked (confirmed or completed) trip', () => {
    given([])
      .when(create('h1'))
      .then([created('h1')]);
    given([])
      .when(create('h1', T0, 'completed'))
      .then([created('h1')]);
    expect(given([created('h1')]).state).toEqual({ active: { tokenHash: 'h1', createdAt: T0 } });
  });

  it('is refused for a trip that is not booked', () => {
    given([])
      .when(create('h1', T0, 'cancelled'))
      .thenRefused('NOT_SHAREABLE');
    given([])
      .when(create('h1', T0, 'held'))
      .thenRefused('NOT_SHAREABLE');
  });

  it('replaces the live link: the old one is revoked first', () =>
    given([created('h1')])
      .when(create('h2', T1))
      .then([revoked('h1'), created('h2', T1)]));

  it('is revoked by its owner, and revoking again changes nothing', () => {
    given([created('h1')])
      .when(revoke())
      .then([revoked('h1')]);
    expect(given([created('h1'), revoked('h1')]).state).toEqual({ active: null });
    given([created('h1'), revoked('h1')])
      .when(revoke())
      .then([]);
    given([]).when(revoke()).then([]);
  });

  it('can be created again after a revocation', () =>
    given([created('h1'), revoked('h1')])
      .when(create('h2', T1))
      .then([created('h2', T1)]));
});

describe('a share token', () => {
  it('names its booking, carries 256 random bits, and only its hash matches', () => {
    const token = newShareToken('bk_123-x');
    expect(token).toMatch(/^bk_123-x\.[\w-]{43}$/);
    expect(newShareToken('bk_123-x')).not.toBe(token);
    expect(bookingIdOfToken(token)).toBe('bk_123-x');
    const hash = shareTokenHash(token);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(tokenMatches(token, hash)).toBe(true);
    expect(tokenMatches(`${token.slice(0, -1)}A`, hash)).toBe(token.endsWith('A'));
    expect(tokenMatches(token, 'abc')).toBe(false);
  });

  it('is refused when malformed', () => {
    for (const bad of ['', 'nodot', 'a.short', `a b.${'x'.repeat(43)}`, `.${'x'.repeat(43)}`])
      expect(bookingIdOfToken(bad)).toBeUndefined();
  });
});
