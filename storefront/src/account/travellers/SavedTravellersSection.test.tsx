import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeEngine, renderPage, signedInUser } from '../../test-support/engine';
import { dismissToast } from '../../ui/toast-store';
import { AccountSettingsPage } from '../AccountSettingsPage';

afterEach(() => {
  vi.unstubAllGlobals();
  dismissToast();
});

const saved = {
  id: '7f1c8a52-3b0e-4d7a-9a51-0c3e6f2b9d10',
  firstName: 'Ada',
  lastName: 'Lovelace',
  dateOfBirth: '1985-12-10',
  passportNumber: 'X12345678',
  passportExpiryDate: '2031-05-01',
  passportIssuingCountry: 'GB',
  updatedAt: '2026-11-20T10:00:00.000Z',
};

describe('Account Settings: saved travellers (issue 33 item 4)', () => {
  it("adds a traveller, shows the engine's words for what it refuses, lists it and removes it", async () => {
    const user = userEvent.setup();
    let travellers: object[] = [];
    const { calls } = fakeEngine({
      'GET /api/auth/user': [200, signedInUser],
      'GET /api/account/travellers': () => [200, { travellers }],
      'POST /api/account/travellers': (body) => {
        travellers = [{ ...saved, ...(body as object), passportNumber: 'X12345678' }];
        return [201, travellers[0]];
      },
      [`DELETE /api/account/travellers/${saved.id}`]: () => {
        travellers = [];
        return [204];
      },
    });
    renderPage(<AccountSettingsPage />, '/account-settings?tab=travellers');
    expect(await screen.findByText('No saved travellers yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Traveller' }));
    const form = screen.getByRole('form', { name: 'Add a traveller' });
    await user.click(within(form).getByRole('button', { name: 'Save Traveller' }));
    expect(await within(form).findByText('First name is required')).toBeInTheDocument();
    expect(within(form).getByText('Date of birth is required')).toBeInTheDocument();

    await user.type(within(form).getByLabelText('First name'), 'Ada');
    await user.type(within(form).getByLabelText('Last name'), 'Lovelace');
    await user.type(within(form).getByLabelText('Date of birth'), '1985-12-10');
    await user.type(within(form).getByLabelText('Passport number'), 'x1234 5678');
    await user.type(within(form).getByLabelText('Passport expiry date'), '2031-05-01');
    await user.selectOptions(within(form).getByLabelText('Issuing country'), 'GB');
    await user.click(within(form).getByRole('button', { name: 'Save Traveller' }));

    const list = await screen.findByRole('list', { name: 'Saved travellers' });
    expect(list).toHaveTextContent('Ada Lovelace');
    expect(list).toHaveTextContent('Born December 10th, 1985 · Passport ending 678, valid until May 1st, 2031');
    const posted = calls.filter((call) => call.method === 'POST').at(-1)!;
    // As typed: the engine normalises the passport number (its own test).
    expect(posted.body).toMatchObject({ firstName: 'Ada', passportNumber: 'x1234 5678', passportIssuingCountry: 'GB' });

    await user.click(screen.getByRole('button', { name: 'Remove Ada Lovelace' }));
    expect(await screen.findByText('No saved travellers yet.')).toBeInTheDocument();
    await waitFor(() => expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(1));
  });
});
