import { describe, expect, it } from 'vitest';
import { fold } from '../eventstore/command-handler.js';
import { decideDesk, deskDecider, DeskRuleError, NO_DESK_WORK, type DeskCommand, type DeskEvent } from './decider.js';

const ana = { userId: 'u-ana', username: 'ana' };
const acting = { by: ana, brandKey: 'skyfares.com' };

const erased: DeskEvent = { type: 'PersonalDataErased', data: { ...acting, reason: 'GDPR request #4411' } };

function given(events: DeskEvent[]) {
  const state = fold(deskDecider, events, NO_DESK_WORK);
  return {
    when: (command: DeskCommand) => ({
      then: (expected: DeskEvent[]) => expect(decideDesk(command, state)).toEqual(expected),
      thenRefused: (message: string | RegExp) => {
        expect(() => decideDesk(command, state)).toThrow(DeskRuleError);
        expect(() => decideDesk(command, state)).toThrow(message);
      },
    }),
  };
}

describe('revealing personal data', () => {
  it('records who saw what and why, the reason trimmed', () => {
    given([])
      .when({ type: 'RevealPersonalData', ...acting, reason: '  ticket 8812 ', seen: ['passengers'] })
      .then([{ type: 'PersonalDataRevealed', data: { ...acting, reason: 'ticket 8812', seen: ['passengers'] } }]);
  });

  it('refuses a reason shorter than five characters once trimmed', () => {
    given([])
      .when({ type: 'RevealPersonalData', ...acting, reason: '  abc  ', seen: ['passengers'] })
      .thenRefused(/Please give a reason/);
  });

  it('refuses a reveal that names nothing shown, and lists what was shown once, in a fixed order', () => {
    given([])
      .when({ type: 'RevealPersonalData', ...acting, reason: 'ABC123', seen: [] })
      .thenRefused(/Say what/);
    given([])
      .when({ type: 'RevealPersonalData', ...acting, reason: 'ABC123', seen: ['emails', 'passengers', 'emails'] })
      .then([{ type: 'PersonalDataRevealed', data: { ...acting, reason: 'ABC123', seen: ['passengers', 'emails'] } }]);
  });

  it('still records a reveal after erasure: the attempt is audited even though the data reads [erased]', () => {
    given([erased])
      .when({ type: 'RevealPersonalData', ...acting, reason: 'ABC123', seen: ['emails'] })
      .then([{ type: 'PersonalDataRevealed', data: { ...acting, reason: 'ABC123', seen: ['emails'] } }]);
  });
});

describe('erasure', () => {
  it('records its reason', () => {
    given([])
      .when({ type: 'RecordErasure', ...acting, reason: 'GDPR request #4411' })
      .then([erased]);
  });

  it('needs a reason', () => {
    given([])
      .when({ type: 'RecordErasure', ...acting, reason: 'gdpr' })
      .thenRefused(/Please give a reason/);
  });

  it('records nothing when erased already', () => {
    given([erased])
      .when({ type: 'RecordErasure', ...acting, reason: 'second click' })
      .then([]);
  });
});

describe('internal notes', () => {
  it('records the note, trimmed, with its author', () => {
    given([])
      .when({ type: 'AddInternalNote', ...acting, text: ' Called back, wants a refund \n' })
      .then([{ type: 'InternalNoteAdded', data: { ...acting, text: 'Called back, wants a refund' } }]);
  });

  it('refuses an empty or overlong note', () => {
    given([])
      .when({ type: 'AddInternalNote', ...acting, text: '   ' })
      .thenRefused(/Please write a note/);
    given([])
      .when({ type: 'AddInternalNote', ...acting, text: 'x'.repeat(2001) })
      .thenRefused(/Please write a note/);
  });
});

describe('the stored events', () => {
  it('read back as written', () => {
    const stored = { type: 'PersonalDataRevealed', data: { ...acting, reason: 'ABC123', seen: ['passengers'] } };
    expect(deskDecider.parse(stored)).toEqual(stored);
  });
});

describe('resending the confirmation email for the traveller', () => {
  const requestId = '5b0f4a4e-3b1c-4c55-9d2c-1f6b2f0e9a11';
  const resend: DeskCommand = { type: 'ResendConfirmation', ...acting, reason: ' Ticket 4411 ', requestId };
  const resent: DeskEvent = {
    type: 'ConfirmationResendRequested',
    data: { ...acting, reason: 'Ticket 4411', requestId },
  };

  it('records who asked, why, and the request', () => {
    given([]).when(resend).then([resent]);
  });

  it('records the same request once: a retried click sends no second email', () => {
    given([resent]).when(resend).then([]);
  });

  it('records a new request for another email', () => {
    const again = '0d9c4f7e-8a1b-4f0e-b1a2-3c4d5e6f7a8b';
    given([resent])
      .when({ ...resend, requestId: again })
      .then([{ ...resent, data: { ...resent.data, requestId: again } }]);
  });

  it('needs a reason', () => {
    given([])
      .when({ ...resend, reason: 'abc' })
      .thenRefused(/Please give a reason/);
  });
});
