import { BOOKING_REFERENCE_HINT, BOOKING_REFERENCE_MESSAGE } from '@contrail/shared/booking/status';
import { supportFormMessages as m } from '@contrail/shared/content/forms';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderPage } from '../app/test-utils';
import { fakeEngine, type EngineCall } from '../test-support/engine';
import { ContactPage } from './ContactPage';

/** Pastes instead of typing key by key: the same change events, a fraction of the time. */
async function fill(user: ReturnType<typeof userEvent.setup>, element: HTMLElement, text: string) {
  await user.click(element);
  await user.paste(text);
}

let calls: EngineCall[];
let answers: Array<[number, unknown]>;

function answer(status: number, body: unknown) {
  answers.push([status, body]);
}

async function fillValidForm(user: ReturnType<typeof userEvent.setup>) {
  await fill(user, screen.getByLabelText('First name'), 'Ada');
  await fill(user, screen.getByLabelText('Last name'), 'Lovelace');
  await fill(user, screen.getByRole('textbox', { name: 'Email' }), 'ada@example.com');
  await user.selectOptions(screen.getByLabelText('Reason for contacting us'), 'cancellation');
  await fill(user, screen.getByLabelText('Message'), 'Please cancel my flight to Lisbon.');
  await user.click(screen.getByRole('checkbox'));
}

describe('contact form', () => {
  beforeEach(() => {
    answers = [];
    ({ calls } = fakeEngine({ 'POST /api/support-requests': () => answers.shift() ?? [404, {}] }));
  });

  it('shows a message under each invalid field and sends nothing', async () => {
    const user = userEvent.setup();
    renderPage(<ContactPage />, '/contact');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    for (const message of [
      m.firstNameRequired,
      m.lastNameRequired,
      m.email,
      m.reasonRequired,
      m.messageTooShort,
      m.privacyConsent,
    ]) {
      expect(screen.getByText(message)).toBeInTheDocument();
    }
    expect(screen.getByLabelText('First name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('First name')).toHaveFocus();
    expect(calls).toEqual([]);

    // Issue 20: each message clears as soon as its field is valid; the others stay.
    await fill(user, screen.getByLabelText('First name'), 'A');
    expect(screen.queryByText(m.firstNameRequired)).not.toBeInTheDocument();
    expect(screen.getByText(m.lastNameRequired)).toBeInTheDocument();
    // The reference is the one on confirmations: 5 to 8 letters and digits, in any case.
    expect(screen.getByLabelText(/Booking reference/)).toHaveAccessibleDescription(BOOKING_REFERENCE_HINT);
    await fill(user, screen.getByLabelText(/Booking reference/), 'ab-12');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByText(BOOKING_REFERENCE_MESSAGE)).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/Booking reference/));
    await fill(user, screen.getByLabelText(/Booking reference/), 'k7qx2m');
    expect(screen.queryByText(BOOKING_REFERENCE_MESSAGE)).not.toBeInTheDocument();
  });

  it('asks for a phone number when a call back is preferred', async () => {
    const user = userEvent.setup();
    renderPage(<ContactPage />, '/contact');
    await fillValidForm(user);
    await user.click(screen.getByRole('radio', { name: 'Phone' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByText(m.phoneForCallBack)).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('sends the message to the engine and thanks only once it is recorded', async () => {
    const user = userEvent.setup();
    renderPage(<ContactPage />, '/contact');
    await fillValidForm(user);
    answer(201, { id: 'r1', kind: 'contact', createdAt: '2026-11-22T12:00:00.000Z' });
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Thank you, Ada')).toBeInTheDocument();
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/api/support-requests' });
    expect(calls[0]!.body).toEqual({
      kind: 'contact',
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      reason: 'cancellation',
      message: 'Please cancel my flight to Lisbon.',
      preferredContact: 'email',
      privacyConsent: true,
    });
  });

  it('says plainly when the engine refused or failed, keeping what was typed', async () => {
    const user = userEvent.setup();
    renderPage(<ContactPage />, '/contact');
    await fillValidForm(user);
    answer(429, { message: 'Too many messages sent. Please try again in 15 minutes.' });
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(
      await screen.findByText('Your message was not sent: Too many messages sent. Please try again in 15 minutes.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Thank you/)).not.toBeInTheDocument();
    expect(screen.getByLabelText('First name')).toHaveValue('Ada');

    answer(400, {
      message: 'Invalid request: email: Please enter a valid email address',
      errors: [{ path: 'email', message: m.email }],
    });
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(m.email)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAttribute('aria-invalid', 'true');
  });
});
