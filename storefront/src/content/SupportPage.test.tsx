import { supportFormMessages as m } from '@contrail/shared/content/forms';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { renderPage } from '../app/test-utils';
import { SubscribeForm } from './SubscribeForm';
import { SupportPage } from './SupportPage';

/** Pastes instead of typing key by key: the same change events, a fraction of the time. */
async function fill(user: ReturnType<typeof userEvent.setup>, element: HTMLElement, text: string) {
  await user.click(element);
  await user.paste(text);
}

let fetchMock: Mock;
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('support page', () => {
  beforeEach(() => {
    fetchMock = vi.fn(async () =>
      json(404, { message: 'No API route for GET /api/bookings/lookup', code: 'NOT_FOUND' }),
    );
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

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

  it('validates the lookup, then shows the engine answer: status only, or its error', async () => {
    const user = userEvent.setup();
    renderPage(<SupportPage />, '/support?tab=bookings');
    await user.click(screen.getByRole('button', { name: 'Retrieve Booking' }));
    expect(screen.getByText(m.lookupReference)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();

    await fill(user, screen.getByLabelText('Booking reference'), 'ord_00ab');
    await fill(user, screen.getByLabelText('Email used to book'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Retrieve Booking' }));
    expect(
      await screen.findByText('We could not retrieve booking ORD_00AB: No API route for GET /api/bookings/lookup'),
    ).toBeInTheDocument();
    const url = new URL((fetchMock.mock.calls[0]![0] as Request).url);
    expect(url.pathname).toBe('/api/bookings/lookup');
    expect(Object.fromEntries(url.searchParams)).toEqual({ reference: 'ORD_00AB', email: 'ada@example.com' });

    fetchMock.mockImplementationOnce(async () => json(200, { reference: 'ORD_00AB', status: 'confirmed' }));
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
    fetchMock.mockImplementationOnce(async () =>
      json(201, { id: 'r2', kind: 'support', createdAt: '2026-11-22T12:00:00.000Z' }),
    );
    await user.click(screen.getByRole('button', { name: 'Submit Request' }));
    expect(await screen.findByText(/will reply by email within 24 hours/)).toBeInTheDocument();
    expect(await (fetchMock.mock.calls[0]![0] as Request).json()).toMatchObject({
      kind: 'support',
      fullName: 'Grace Hopper',
    });
  });
});

describe('subscribe box', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('validates the email, records the sign-up, and reports a failure as a failure', async () => {
    fetchMock = vi.fn(async () => json(201, { id: 's1', kind: 'subscribe', createdAt: '2026-11-22T12:00:00.000Z' }));
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderPage(<SubscribeForm />);
    await fill(user, screen.getByLabelText('Email address'), 'nope');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(screen.getByText(m.email)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText('Email address'));
    await fill(user, screen.getByLabelText('Email address'), 'news@example.com');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('Subscribed: deals will be sent to news@example.com.')).toBeInTheDocument();

    fetchMock.mockImplementationOnce(async () => json(500, { message: 'Internal server error' }));
    await fill(user, screen.getByLabelText('Email address'), 'other@example.com');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('Not subscribed: Internal server error')).toBeInTheDocument();
  });
});
