import type { AdminBrand } from '@contrail/shared/admin/brands';
import { DEFAULT_BRAND } from '@contrail/shared/brand/default-brand';
import { pricingOfMarkup } from '@contrail/shared/pricing/pricing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeEngine, renderPage, signedInUser } from '../../test-support/engine';
import { currentToast, dismissToast } from '../../ui/toast-store';
import { BrandManagerPage } from '../BrandManagerPage';

afterEach(() => dismissToast());

const skyfares: AdminBrand = {
  ...DEFAULT_BRAND,
  key: 'skyfares.com',
  name: 'SkyFares',
  domain: 'skyfares.com',
  pricing: pricingOfMarkup(1.15),
  disabled: false,
  version: 2,
  createdAt: '2026-11-22T10:00:00.000Z',
  updatedAt: '2026-11-22T11:00:00.000Z',
};
const platformAdmin = { ...signedInUser, isAdmin: true };
const brandAdmin = { ...signedInUser, isAdmin: true, staff: { role: 'brand-admin', brands: ['skyfares.com'] } };

function open(user: object) {
  const engine = fakeEngine({
    'GET /api/auth/user': [200, user],
    'GET /api/admin/brands': [200, { brands: [skyfares] }],
    'GET /api/admin/brands/skyfares.com/history': [200, { changes: [] }],
    'PUT /api/admin/brands/skyfares.com/pricing': (body) => [200, { ...skyfares, ...(body as object), version: 3 }],
  });
  renderPage(<BrandManagerPage />, '/admin/brands?edit=skyfares.com', '/admin/brands');
  return engine;
}

const editor = async () => screen.findByRole('form', { name: 'Pricing rules' });

describe('the pricing rules editor', () => {
  it('previews a trip with the rules as edited, adds and reorders rules with the keyboard, and saves them with a reason', async () => {
    const user = userEvent.setup();
    const { calls } = open(platformAdmin);
    const form = await editor();
    const preview = within(form).getByRole('status');
    expect(preview).toHaveTextContent(
      'JFK-LHR Economy, 2 adults: provider 812.40 → traveller 935.00, margin 122.60 (default rule)',
    );

    within(form).getByRole('button', { name: 'Add rule' }).focus();
    await user.keyboard('{Enter}');
    const name = within(form).getByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Transatlantic');
    await user.type(within(form).getAllByLabelText('To')[0]!, 'europe');
    const fixed = within(form).getAllByLabelText('Fixed fee')[0]!;
    await user.clear(fixed);
    await user.type(fixed, '25');
    await user.selectOptions(within(form).getAllByLabelText('Fee per')[0]!, 'traveller');
    // 812.40 + 10% + 2 x 25 = 943.64, rounded up to whole dollars.
    expect(preview).toHaveTextContent('traveller 944.00, margin 131.60 (Transatlantic)');

    await user.click(within(form).getByRole('button', { name: 'Add rule' }));
    await user.type(within(form).getAllByLabelText('Airline')[0]!, 'BA');
    within(form).getByRole('button', { name: 'Move Rule 2 up' }).focus();
    await user.keyboard('{Enter}');
    const rules = within(within(form).getByRole('list', { name: 'Rules, first match wins' })).getAllByRole('listitem');
    expect(rules.map((rule) => rule.textContent)).toEqual([
      expect.stringMatching(/^1\. Rule 2BA: \+10%/),
      expect.stringMatching(/^2\. Transatlantic.*to Europe: \+10% \+ 25 per traveller/),
    ]);
    expect(preview).toHaveTextContent('(Rule 2)');

    const save = within(form).getByRole('button', { name: 'Save pricing' });
    expect(save).toBeDisabled();
    await user.type(within(form).getByLabelText('Why this change'), 'Q1 transatlantic campaign');
    await user.click(save);
    await waitFor(() => expect(currentToast()).toMatchObject({ title: 'Pricing Saved' }));
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      reason: 'Q1 transatlantic campaign',
      pricing: {
        rules: [
          { id: 'rule-2', name: 'Rule 2', match: { carrier: 'BA' }, percent: 10, fixed: 0, per: 'booking' },
          {
            id: 'rule-1',
            name: 'Transatlantic',
            match: { destination: 'europe' },
            percent: 10,
            fixed: 25,
            per: 'traveller',
          },
        ],
        fallback: { percent: 15, fixed: 0, per: 'booking' },
        minimumMarginPercent: 0,
      },
    });
  });

  it('names a bad field at once and offers no save until it is fixed', async () => {
    const user = userEvent.setup();
    open(platformAdmin);
    const form = await editor();
    await user.click(within(form).getByRole('button', { name: 'Add rule' }));
    await user.type(within(form).getAllByLabelText('From')[0]!, 'Mars');
    expect(within(form).getAllByLabelText('From')[0]!).toHaveAccessibleDescription(
      'must be a country code (GB) or a region (europe)',
    );
    expect(within(form).getByRole('status')).toHaveTextContent('Fix the rules above to see a price.');
    await user.type(within(form).getByLabelText('Why this change'), 'a reason');
    expect(within(form).getByRole('button', { name: 'Save pricing' })).toBeDisabled();
    await user.click(within(form).getByRole('button', { name: 'Remove Rule 1' }));
    expect(within(form).getByText('No rules yet: every trip is priced by the default.')).toBeInTheDocument();
  });

  it('shows a brand admin the rules and the preview, without the actions only a platform admin may take', async () => {
    open(brandAdmin);
    const form = await editor();
    expect(within(form).getByText(/Only a platform admin changes them/)).toBeInTheDocument();
    expect(within(form).queryByRole('button', { name: 'Add rule' })).not.toBeInTheDocument();
    expect(within(form).queryByRole('button', { name: 'Save pricing' })).not.toBeInTheDocument();
    expect(within(form).getByRole('status')).toHaveTextContent('traveller 935.00');
  });
});
