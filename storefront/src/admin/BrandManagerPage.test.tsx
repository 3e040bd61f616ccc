import { pricingOfMarkup } from '@contrail/shared/pricing/pricing';
import type { AdminBrand } from '@contrail/shared/admin/brands';
import { DEFAULT_BRAND } from '@contrail/shared/brand/default-brand';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeEngine, renderPage, signedInUser } from '../test-support/engine';
import { currentToast, dismissToast } from '../ui/toast-store';
import { BrandManagerPage } from './BrandManagerPage';

afterEach(() => {
  vi.unstubAllGlobals();
  dismissToast();
});

const admin = { ...signedInUser, isAdmin: true };
const skyfares: AdminBrand = {
  ...DEFAULT_BRAND,
  key: 'skyfares.com',
  name: 'SkyFares',
  domain: 'skyfares.com',
  logo: '',
  theme: { ...DEFAULT_BRAND.theme, primary: '#1d4ed8', secondary: '#1e3a8a', accent: '#f59e0b' },
  pricing: pricingOfMarkup(1.15),
  disabled: false,
  version: 2,
  createdAt: '2026-11-22T10:00:00.000Z',
  updatedAt: '2026-11-22T11:00:00.000Z',
};
const history = {
  changes: [
    {
      brandKey: 'skyfares.com',
      version: 1,
      action: 'created',
      changes: {},
      by: 'root',
      at: '2026-11-22T10:00:00.000Z',
    },
    {
      brandKey: 'skyfares.com',
      version: 2,
      action: 'updated',
      changes: { 'theme.primary': { from: '#008870', to: '#1d4ed8' } },
      by: 'root',
      at: '2026-11-22T11:00:00.000Z',
    },
  ],
};

function open(table: Parameters<typeof fakeEngine>[0], path = '/admin/brands') {
  const engine = fakeEngine({
    'GET /api/auth/user': [200, admin],
    'GET /api/admin/brands': [
      200,
      {
        brands: [skyfares, { ...skyfares, key: 'old.example', name: 'Old Air', domain: 'old.example', disabled: true }],
      },
    ],
    'GET /api/admin/brands/skyfares.com/history': [200, history],
    ...table,
  });
  renderPage(<BrandManagerPage />, path, '/admin/brands');
  return engine;
}

async function expectAccessDenied() {
  expect(await screen.findByTestId('location')).toHaveTextContent(/^\/$/);
  expect(currentToast()).toMatchObject({
    title: 'Access Denied',
    description: "You don't have permission to access the brand manager.",
  });
}

const preview = () => screen.getByTestId('brand-preview');

describe('BrandManagerPage access', () => {
  it('sends a non-admin to / with "Access Denied"', async () => {
    open({ 'GET /api/auth/user': [200, signedInUser] });
    await expectAccessDenied();
  });

  it('sends anyone the brands call answers 401 to / with "Access Denied"', async () => {
    open({ 'GET /api/admin/brands': [401, { message: 'Not authenticated' }] });
    await expectAccessDenied();
  });

  it('shows the server error when the list fails otherwise', async () => {
    open({ 'GET /api/admin/brands': [500, { message: 'Database unavailable' }] });
    expect(await screen.findByText('Error: Failed to load brands')).toBeInTheDocument();
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();
  });
});

describe('BrandManagerPage list', () => {
  it('lists brands with their status and domain', async () => {
    open({});
    const list = await screen.findByRole('list', { name: 'Brands' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent(/SkyFares.*Active.*skyfares\.com.*pricing: default \+15%/);
    expect(rows[1]).toHaveTextContent(/Old Air.*Disabled/);
    expect(within(rows[1]!).getByRole('button', { name: 'Enable' })).toBeInTheDocument();
  });

  it('disables a brand after a confirmation', async () => {
    const { calls } = open({ 'POST /api/admin/brands/skyfares.com/disable': [200, { ...skyfares, disabled: true }] });
    await userEvent.click(await screen.findByRole('button', { name: 'Disable' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Disable SkyFares?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Disable Brand' }));
    await waitFor(() => expect(currentToast()).toMatchObject({ title: 'Brand Disabled', description: 'SkyFares' }));
    expect(calls.some((call) => call.method === 'POST' && call.path === '/api/admin/brands/skyfares.com/disable')).toBe(
      true,
    );
  });

  it('shows the server message when enabling is refused', async () => {
    open({ 'POST /api/admin/brands/old.example/enable': [403, { message: 'Platform admin access required' }] });
    await userEvent.click(await screen.findByRole('button', { name: 'Enable' }));
    await waitFor(() =>
      expect(currentToast()).toMatchObject({
        title: 'Failed to Enable Brand',
        description: 'Platform admin access required',
      }),
    );
  });
});

describe('BrandManagerPage editor', () => {
  it('edits a brand with a live preview of the header, search form and a flight card', async () => {
    open({}, '/admin/brands?edit=skyfares.com');
    expect(await screen.findByRole('heading', { name: 'Edit SkyFares' })).toBeInTheDocument();
    expect(within(preview()).getByRole('banner')).toHaveTextContent('SkyFares');
    expect(within(preview()).getByRole('button', { name: /search flights/i })).toBeInTheDocument();
    expect(within(preview()).getByRole('article')).toHaveTextContent('JFK');
    expect(preview().style.getPropertyValue('--brand-primary')).toBe('#1d4ed8');

    const name = screen.getByLabelText('Name');
    fireEvent.change(name, { target: { value: 'Sky Deals' } });
    expect(within(preview()).getByRole('banner')).toHaveTextContent('Sky Deals');

    const primary = screen.getByLabelText('Primary colour');
    fireEvent.change(primary, { target: { value: '#ff0000' } });
    expect(preview().style.getPropertyValue('--brand-primary')).toBe('#ff0000');
    expect(screen.getByLabelText('Primary colour picker')).toHaveValue('#ff0000');
  });

  it('keeps the colour picker and the hex text in step', async () => {
    open({}, '/admin/brands?edit=skyfares.com');
    fireEvent.change(await screen.findByLabelText('Accent colour picker'), { target: { value: '#123456' } });
    expect(screen.getByLabelText('Accent colour')).toHaveValue('#123456');
    expect(preview().style.getPropertyValue('--brand-accent')).toBe('#123456');
  });

  it('warns when text on primary, secondary or accent fails WCAG AA', async () => {
    open({}, '/admin/brands?edit=skyfares.com');
    const primary = await screen.findByLabelText('Primary colour');
    fireEvent.change(primary, { target: { value: '#ff0000' } });
    const warnings = screen.getByRole('list', { name: 'Contrast warnings' });
    expect(warnings).toHaveTextContent(
      /White text on the primary colour #ff0000 has a contrast of 3\.99:1, below WCAG AA \(4\.5:1\)/,
    );
    fireEvent.change(primary, { target: { value: '#000080' } });
    expect(screen.queryByRole('list', { name: 'Contrast warnings' })).not.toBeInTheDocument();
    expect(screen.getByText('Text on the primary, secondary and accent colours meets WCAG AA.')).toBeInTheDocument();
  });

  it('shows the logo preview, and says so when the logo cannot load', async () => {
    open({}, '/admin/brands?edit=skyfares.com');
    fireEvent.change(await screen.findByLabelText('Logo URL'), { target: { value: 'https://cdn.example/logo.png' } });
    const logo = screen.getByAltText('Logo preview');
    expect(logo).toHaveAttribute('src', 'https://cdn.example/logo.png');
    fireEvent.error(logo);
    expect(screen.getByText(/The logo could not be loaded from this address/)).toBeInTheDocument();
  });

  it('explains a logo the Content-Security-Policy blocks, naming CSP_IMAGE_SOURCES', async () => {
    open({}, '/admin/brands?edit=skyfares.com');
    fireEvent.change(await screen.findByLabelText('Logo URL'), { target: { value: 'https://cdn.example/logo.png' } });
    const violation = new Event('securitypolicyviolation');
    Object.assign(violation, { effectiveDirective: 'img-src', blockedURI: 'https://cdn.example' });
    act(() => void document.dispatchEvent(violation));
    // The pricing card's preview is a status too: find the logo's by what it says.
    const said = (await screen.findAllByRole('status')).find((status) =>
      status.textContent?.includes('CSP_IMAGE_SOURCES'),
    );
    expect(said).toHaveTextContent(
      "This site's Content-Security-Policy does not allow images from https://cdn.example, so browsers will not show this logo. Add that origin to CSP_IMAGE_SOURCES",
    );
  });

  it("shows the brand's key and a link opening its storefront in a new tab", async () => {
    open({}, '/admin/brands?edit=skyfares.com');
    expect(await screen.findByText('skyfares.com', { selector: 'code' })).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'Open storefront (opens in a new tab)' });
    expect(link).toHaveAttribute('href', '/?brand=skyfares.com');
    expect(link).toHaveAttribute('target', '_blank');
  });

  it('shows field errors from the shared schema under the fields and sends nothing', async () => {
    const { calls } = open({}, '/admin/brands?edit=skyfares.com');
    const accent = await screen.findByLabelText('Accent colour');
    fireEvent.change(accent, { target: { value: '#12' } });
    fireEvent.change(screen.getByLabelText('Support email'), { target: { value: '' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(accent).toHaveAccessibleDescription('Colour must be a hex value like #008870');
    expect(screen.getByLabelText('Support email')).toHaveAccessibleDescription('Please enter a valid email address');
    expect(calls.filter((call) => call.method === 'PATCH')).toEqual([]);
  });

  it('shows under each field why a script address, markup or a bare host is refused, and sends nothing', async () => {
    const { calls } = open({}, '/admin/brands?edit=skyfares.com');
    fireEvent.change(await screen.findByLabelText('Logo URL'), { target: { value: 'javascript:alert(1)' } });
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: '<b>SkyFares</b>' } });
    fireEvent.change(screen.getByLabelText('Domain'), { target: { value: 'skyfares.com"><script>' } });
    fireEvent.change(screen.getByLabelText('Facebook'), { target: { value: 'data:text/html,hi' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(screen.getByLabelText('Logo URL')).toHaveAccessibleDescription(
      'Logo must be an https:// address or a path on this site like /brand-logos/logo.svg',
    );
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription(
      'Name must be plain text, without < > or control characters',
    );
    expect(screen.getByLabelText('Domain')).toHaveAccessibleDescription('Domain must be a host name like skyfares.com');
    expect(screen.getByLabelText('Facebook')).toHaveAccessibleDescription('Facebook link must be an https:// address');
    expect(calls.filter((call) => call.method === 'PATCH')).toEqual([]);
  });

  it('saves a brand whose font predates the bundled list, keeping that font', async () => {
    const georgia = { ...skyfares, theme: { ...skyfares.theme, font: 'Georgia' } };
    const { calls } = open(
      {
        'GET /api/admin/brands': [200, { brands: [georgia] }],
        'PATCH /api/admin/brands/skyfares.com': (body) => [200, { ...georgia, ...(body as object), version: 3 }],
      },
      '/admin/brands?edit=skyfares.com',
    );
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'SkyFares Travel' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(currentToast()).toMatchObject({ title: 'Brand Updated' }));
    expect(calls.find((call) => call.method === 'PATCH')?.body).toMatchObject({ theme: { font: 'Georgia' } });
  });

  it('saves the changes as a PATCH of the brand fields and says "Brand Updated"', async () => {
    const { calls } = open(
      { 'PATCH /api/admin/brands/skyfares.com': (body) => [200, { ...skyfares, ...(body as object), version: 3 }] },
      '/admin/brands?edit=skyfares.com',
    );
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'SkyFares Travel' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(currentToast()).toMatchObject({ title: 'Brand Updated' }));
    const patch = calls.find((call) => call.method === 'PATCH')!;
    expect(patch.body).toMatchObject({ name: 'SkyFares Travel', theme: { primary: '#1d4ed8' } });
    expect(patch.body).not.toHaveProperty('key');
    expect(patch.body).not.toHaveProperty('pricing');
  });

  it('shows the audit trail of the brand', async () => {
    open({}, '/admin/brands?edit=skyfares.com');
    expect(await screen.findByText('theme.primary')).toBeInTheDocument();
    expect(screen.getByText(/#008870 → #1d4ed8/)).toBeInTheDocument();
  });

  it('creates a brand and shows the server field errors, such as a taken domain', async () => {
    const { calls } = open({
      'POST /api/admin/brands': [
        409,
        {
          message: 'Domain already in use: skyfares.com',
          code: 'DUPLICATE_BRAND',
          errors: [{ path: 'domain', message: 'Domain already in use: skyfares.com' }],
        },
      ],
    });
    await userEvent.click(await screen.findByRole('button', { name: 'New Brand' }));
    expect(screen.getByRole('heading', { name: 'New Brand' })).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Brand key'), { target: { value: 'skydeals.com' } });
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Sky Deals' } });
    fireEvent.change(screen.getByLabelText('Domain'), { target: { value: 'skyfares.com' } });
    fireEvent.change(screen.getByLabelText('Support email'), { target: { value: 'help@skydeals.com' } });
    fireEvent.change(screen.getByLabelText('Support phone'), { target: { value: '1-800-555-0100' } });
    await userEvent.click(screen.getByRole('button', { name: 'Create Brand' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Domain')).toHaveAccessibleDescription('Domain already in use: skyfares.com'),
    );
    expect(currentToast()).toMatchObject({ title: 'Failed to Save Brand', variant: 'destructive' });
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      key: 'skydeals.com',
      name: 'Sky Deals',
    });
  });

  it('creates a brand, says "Brand Created" and opens it for editing', async () => {
    const created: AdminBrand[] = [];
    open({
      'GET /api/admin/brands': () => [200, { brands: [skyfares, ...created] }],
      'GET /api/admin/brands/skydeals.com/history': [200, { changes: [] }],
      'POST /api/admin/brands': (body) => {
        const brand = { ...(body as AdminBrand), disabled: false, version: 1, createdAt: '', updatedAt: '' };
        created.push(brand);
        return [201, brand];
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'New Brand' }));
    fireEvent.change(screen.getByLabelText('Brand key'), { target: { value: 'skydeals.com' } });
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Sky Deals' } });
    fireEvent.change(screen.getByLabelText('Domain'), { target: { value: 'skydeals.com' } });
    fireEvent.change(screen.getByLabelText('Support email'), { target: { value: 'help@skydeals.com' } });
    fireEvent.change(screen.getByLabelText('Support phone'), { target: { value: '1-800-555-0100' } });
    await userEvent.click(screen.getByRole('button', { name: 'Create Brand' }));
    await waitFor(() =>
      expect(currentToast()).toMatchObject({
        title: 'Brand Created',
        description: 'Sky Deals (skydeals.com) is saved.',
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Edit Sky Deals' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Brand key')).not.toBeInTheDocument();
  });
});
