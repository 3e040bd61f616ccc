import { BOOKING_REFERENCE_MESSAGE } from '@contrail/shared/booking/status';
import { supportFormMessages as m } from '@contrail/shared/content/forms';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderPage } from '../app/test-utils';
import { fakeEngine, type EngineCall } from '../test-support/engine';
import { SubscribeForm } from './SubscribeForm';
import { SupportPage } from './SupportPage';

/** Pastes instead of typing key by key: the same change events, a fraction of the time. */
async function fill(user: ReturnType<typeof userEvent.setup>, element: HTMLElement, text: string) {
  await user.click(element);
  await user.paste(text);
}

let calls: EngineCall[];
let answers: Array<[number, unknown]>;
const answer = () =>
  answers.shift() ?? [404, { message: 'No booking matches this reference and email', code: 'NOT_FOUND' }];

describe('support page', () => {
  beforeEach(() => {
    answers = [];
    ({ calls } = fakeEngine({ 'GET /api/bookings/lookup': answer, 'POST /api/support-requests': answer }));
  });

  it('shows the six-question help center and the support page hours', async () => {
    renderPage(<SupportPage />, '/support');
    expect(within(await screen.findByRole('tabpanel')).getAllByRole('button')).toHaveLength(6);
    expect(screen.getByText('Mon-Fri 9am-6pm EST')).toBeInTheDocument();
  });

  it('searches the help articles from its search box', async () => {
    const user = userEvent.setup();
    renderPage(<SupportPage />, '/support');
    await user.type(screen.getByRole('searchbox', { name: 'Search help articles' }), 'apple pay{Enter}');
    const results = screen.getByRole('region', { name: 'Search results' });
    expect(within(results).getByRole('heading', { name: 'Payment' })).toBeInTheDocument();
  });

  it('validates the lookup (the reference as shown on confirmations), then shows the engine answer: status only, or its error', async () => {
    const user = userEvent.setup();
    renderPage(<SupportPage />, '/support?tab=bookings');
    await user.click(screen.getByRole('button', { name: 'Retrieve Booking' }));
    // The form validates asynchronously (react-hook-form's resolver): wait for its answer.
    expect(await screen.findByText(BOOKING_REFERENCE_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByText(/8 characters/)).not.toBeInTheDocument();
    expect(calls).toEqual([]);

    // The 6-character airline record locator, typed in lower case.
    await fill(user, screen.getByLabelText('Booking reference'), 'k7qx2m');
    await waitFor(() => expect(screen.queryByText(BOOKING_REFERENCE_MESSAGE)).not.toBeInTheDocument());
    await fill(user, screen.getByLabelText('Email used to book'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Retrieve Booking' }));
    expect(
      await screen.findByText('We could not retrieve booking K7QX2M: No booking matches this reference and email'),
    ).toBeInTheDocument();
    expect(calls[0]).toEqual({
      method: 'GET',
      path: '/api/bookings/lookup',
      body: { reference: 'K7QX2M', email: 'ada@example.com' },
    });

    answers.push([200, { reference: 'K7QX2M', status: 'confirmed' }]);
    await user.click(screen.getByRole('button', { name: 'Retrieve Booking' }));
    expect(await screen.findByText('Confirmed: your tickets are issued.')).toBeInTheDocument();
  });

  it('validates the Contact Us tab and sends it as a support request', async () => {
    const user = userEvent.setup();
    renderPage(<SupportPage />, '/support?tab=contact');
    await user.click(screen.getByRole('button', { name: 'Submit Request' }));
    expect(screen.getByText(m.fullNameRequired)).toBeInTheDocument();
    expect(screen.getByText(m.subjectRequired)).toBeInTheDocument();
    await fill(user, screen.getByLabelText('Full name'), 'Grace Hopper');
    await fill(user, screen.getByLabelText('Email'), 'grace@example.com');
    await fill(user, screen.getByLabelText('Subject'), 'Seats');
    await fill(user, screen.getByLabelText('Message'), 'Can I choose seats now?');
    answers.push([201, { id: 'r2', kind: 'support', createdAt: '2026-11-22T12:00:00.000Z' }]);
    await user.click(screen.getByRole('button', { name: 'Submit Request' }));
    expect(await screen.findByText(/will reply by email within 24 hours/)).toBeInTheDocument();
    expect(calls[0]!.body).toMatchObject({
      kind: 'support',
      fullName: 'Grace Hopper',
    });
  });
});

describe('subscribe box', () => {
  it('validates the email, records the sign-up, and reports a failure as a failure', async () => {
    answers = [[201, { id: 's1', kind: 'subscribe', createdAt: '2026-11-22T12:00:00.000Z' }]];
    ({ calls } = fakeEngine({ 'POST /api/support-requests': answer }));
    const user = userEvent.setup();
    renderPage(<SubscribeForm />);
    await fill(user, screen.getByLabelText('Email address'), 'nope');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(screen.getByText(m.email)).toBeInTheDocument();
    expect(calls).toEqual([]);

    await user.clear(screen.getByLabelText('Email address'));
    await fill(user, screen.getByLabelText('Email address'), 'news@example.com');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    // Issue 33: nothing is sent, and the box says so.
    expect(
      await screen.findByText(
        'Noted: news@example.com. We do not send deal emails yet, so nothing will be sent to you.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Subscribed/)).not.toBeInTheDocument();

    answers.push([500, { message: 'Internal server error' }]);
    await fill(user, screen.getByLabelText('Email address'), 'other@example.com');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('Not subscribed: Internal server error')).toBeInTheDocument();
  });
});
