import { SHARE_TEXT } from '@contrail/shared/booking/trip-share';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeEngine, renderPage } from '../test-support/engine';
import { ShareTrip } from './ShareTrip';

const TOKEN = `bk1.${'a'.repeat(43)}`;

/** Issue 36: the owner's share link controls in My Trips and on the confirmation. */
describe('sharing a trip with co-travellers', () => {
  it('creates a link shown once, then revokes it', async () => {
    let active = false;
    const { calls } = fakeEngine({
      'GET /api/bookings/bk1/share': () => [200, { active, createdAt: active ? '2026-11-29T12:00:00.000Z' : null }],
      'POST /api/bookings/bk1/share': () => {
        active = true;
        return [201, { token: TOKEN, path: `/shared-trip#${TOKEN}` }];
      },
      'DELETE /api/bookings/bk1/share': () => {
        active = false;
        return [200, { success: true }];
      },
    });
    renderPage(<ShareTrip bookingId="bk1" />, '/my-trips');
    const user = userEvent.setup();

    expect(await screen.findByRole('heading', { name: SHARE_TEXT.heading })).toBeInTheDocument();
    expect(screen.getByText(SHARE_TEXT.explain)).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: SHARE_TEXT.create }));

    const link = await screen.findByRole('textbox', { name: SHARE_TEXT.shownOnce });
    expect(link).toHaveValue(`${window.location.origin}/shared-trip#${TOKEN}`);
    expect(link).toHaveAttribute('readonly');
    expect(await screen.findByRole('button', { name: SHARE_TEXT.createNew })).toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: SHARE_TEXT.revoke }));
    expect(await screen.findByRole('status')).toHaveTextContent(SHARE_TEXT.revoked);
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(await screen.findByRole('button', { name: SHARE_TEXT.create })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: SHARE_TEXT.revoke })).not.toBeInTheDocument();
    expect(calls.map((call) => call.method)).toEqual(expect.arrayContaining(['POST', 'DELETE']));
  });

  it('says when a link is active without showing it again', async () => {
    fakeEngine({ 'GET /api/bookings/bk1/share': [200, { active: true, createdAt: '2026-11-29T12:00:00.000Z' }] });
    renderPage(<ShareTrip bookingId="bk1" />, '/my-trips');
    expect(await screen.findByText(SHARE_TEXT.active)).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: SHARE_TEXT.revoke })).toBeInTheDocument();
  });
});
