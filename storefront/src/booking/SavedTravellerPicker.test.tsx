import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeEngine, signedInUser } from '../test-support/engine';
import { international, validOffer } from './test-fixtures';
import { paste, renderBooking } from './test-helpers';

afterEach(() => vi.unstubAllGlobals());

const ada = {
  id: '7f1c8a52-3b0e-4d7a-9a51-0c3e6f2b9d10',
  title: 'ms',
  firstName: 'Ada',
  lastName: 'Lovelace',
  gender: 'female',
  dateOfBirth: '1985-12-10',
  passportNumber: 'X12345678',
  passportExpiryDate: '2031-05-01',
  passportIssuingCountry: 'GB',
  updatedAt: '2026-11-20T10:00:00.000Z',
};
const byron = {
  id: '0b6f2c1e-9d4a-4f3b-8e2d-5a7c1b9e3f40',
  firstName: 'Byron',
  lastName: 'Lovelace',
  dateOfBirth: '2018-04-02',
  updatedAt: '2026-11-20T10:00:00.000Z',
};

function engine(user: boolean, travellers: object[] = [ada, byron]) {
  return fakeEngine({
    'GET /api/auth/user': user ? [200, signedInUser] : [401, { message: 'Not authenticated' }],
    'GET /api/account/travellers': [200, { travellers }],
    [`GET /api/flights/offer/${international.id}`]: [200, international],
    [`GET /api/flights/verify-offer/${international.id}`]: validOffer(),
    [`GET /api/flights/seatmaps/${international.id}`]: [200, []],
    'GET /api/system/mode': [200, { isLiveMode: false, mode: 'test' }],
  });
}

const card = (index: number) => screen.getByRole('group', { name: new RegExp(`^Passenger ${index + 1}`) });

describe('passenger step: saved travellers (issue 33 item 4)', () => {
  it('fills a passenger card from a saved traveller in one pick, passport included', async () => {
    const user = userEvent.setup();
    engine(true);
    renderBooking(`/booking?offer=${international.id}&adults=1&children=1`);
    const picker = await within(await screen.findByRole('group', { name: /^Passenger 1/ })).findByLabelText(
      'Fill from a saved traveller',
    );
    expect(
      within(picker)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose a saved traveller', 'Ada Lovelace (born 1985-12-10)', 'Byron Lovelace (born 2018-04-02)']);
    await user.selectOptions(picker, ada.id);
    const first = within(card(0));
    expect(first.getByLabelText('First name')).toHaveValue('Ada');
    expect(first.getByLabelText('Last name')).toHaveValue('Lovelace');
    expect(first.getByLabelText('Date of birth')).toHaveValue('1985-12-10');
    expect(first.getByLabelText('Title')).toHaveValue('ms');
    expect(first.getByLabelText('Gender')).toHaveValue('female');
    expect(first.getByLabelText('Passport number')).toHaveValue('X12345678');
    expect(first.getByLabelText('Passport expiry date')).toHaveValue('2031-05-01');
    expect(first.getByLabelText('Issuing country')).toHaveValue('GB');
    // The booking's own contacts stay the traveller's to type.
    expect(first.getByLabelText('Email')).toHaveValue('');

    await user.selectOptions(within(card(1)).getByLabelText('Fill from a saved traveller'), byron.id);
    expect(within(card(1)).getByLabelText('First name')).toHaveValue('Byron');
    expect(within(card(1)).getByLabelText('Passport number')).toHaveValue('');
    await paste(user, first.getByLabelText('Email'), 'ada@example.com');
    await paste(user, first.getByLabelText('Phone'), '+12025550123');
    await user.click(screen.getByRole('button', { name: 'Continue with Passport Info' }));
    // Byron has no passport saved: the international trip asks for it on his card only.
    expect(await within(card(1)).findByText('Passport number must be at least 5 characters')).toBeInTheDocument();
    expect(within(card(1)).getByLabelText('Passport number')).toHaveAttribute('aria-invalid', 'true');
    expect(first.getByLabelText('Passport number')).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('points to Account Settings when the account has no saved travellers yet', async () => {
    engine(true, []);
    renderBooking(`/booking?offer=${international.id}&adults=1`);
    const link = await screen.findByRole('link', { name: 'Save travellers' });
    expect(link).toHaveAttribute('href', '/account-settings?tab=travellers');
  });

  it('neither shows nor fetches the picker for a signed-out traveller', async () => {
    const { calls } = engine(false);
    renderBooking(`/booking?offer=${international.id}&adults=1`);
    await screen.findByRole('heading', { name: /Passenger 1/ });
    await screen.findByRole('button', { name: 'Continue with Passport Info' });
    expect(screen.queryByLabelText('Fill from a saved traveller')).not.toBeInTheDocument();
    expect(calls.some((call) => call.path === '/api/account/travellers')).toBe(false);
  });
});
