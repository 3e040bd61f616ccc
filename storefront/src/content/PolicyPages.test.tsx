import { type Brand } from '@contrail/shared/brand/brand';
import { DEFAULT_BRAND } from '@contrail/shared/brand/default-brand';
import { render, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { makeStore } from '../app/store';
import { BrandContext } from '../brand/brand-context';
import { AboutPage } from './AboutPage';
import { CancellationPolicyPage } from './CancellationPolicyPage';
import { CookiesPage } from './CookiesPage';
import { PrivacyPage } from './PrivacyPage';
import { TermsPage } from './TermsPage';

const brand: Brand = {
  ...DEFAULT_BRAND,
  key: 'skyfares.com',
  name: 'SkyFares Travel',
  contact: { email: 'help@skyfares.example', phone: '+1 800 555 0199', address: '42 Market Street, Newark, NJ 07102' },
};

function renderWithBrand(element: ReactElement) {
  return render(
    <Provider store={makeStore()}>
      <BrandContext value={{ status: 'loaded', brand }}>
        <MemoryRouter>{element}</MemoryRouter>
      </BrandContext>
    </Provider>,
  );
}

/** Section headings in order, and the contents list that links to each. */
function sections() {
  const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
  const contents = within(screen.getByRole('navigation', { name: 'Contents' }))
    .getAllByRole('link')
    .map((link) => link.getAttribute('href'));
  const ids = screen.getAllByRole('region').map((section) => `#${section.id}`);
  return { headings, contents, ids };
}

describe('policy pages', () => {
  it('Terms of Service: 12 sections, New Jersey law, 30 days notice, the brand named', () => {
    renderWithBrand(<TermsPage />);
    const { headings, contents, ids } = sections();
    expect(headings).toHaveLength(12);
    expect(contents).toEqual(ids);
    expect(headings[9]).toBe('10. Governing Law');
    const text = document.body.textContent!;
    expect(text).toContain('governed by the laws of the State of New Jersey');
    expect(text).toContain('at least 30 days notice');
    expect(text).toContain('over 18');
    expect(text).toContain('within 24-48 hours');
    expect(text).toContain('7 to 30 business days');
    expect(text).toContain('contract of carriage is with the airline');
    expect(text).toContain('SkyFares Travel');
    expect(text).toContain('help@skyfares.example');
    expect(text).not.toContain(DEFAULT_BRAND.name);
    expect(text).not.toContain(DEFAULT_BRAND.contact.email);
  });

  it('Cookie Policy: 7 sections and the cookie durations', () => {
    renderWithBrand(<CookiesPage />);
    expect(sections().headings).toHaveLength(7);
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(
      rows.map((row) => [row.querySelector('th')!.firstChild!.textContent, row.lastElementChild!.textContent]),
    ).toEqual([
      ['Authentication', '30 days'],
      ['Preference', '1 year'],
      ['Analytics', '2 years'],
      ['Marketing', '90 days'],
    ]);
  });

  it('Cancellation and Refund Policy: 8 sections, fees non-refundable, refund timings', () => {
    renderWithBrand(<CancellationPolicyPage />);
    expect(sections().headings).toHaveLength(8);
    const text = document.body.textContent!;
    expect(text).toContain('Our service fees are non-refundable');
    expect(text).toContain(
      "service fee (the difference between the airline's price and the price you paid) is not refunded",
    );
    expect(text).toContain('We initiate the refund with the airline within 24-48 hours');
    expect(text).toContain('within 7 to 30 business days');
    expect(text).toContain(
      '2 hours before domestic and 3 hours before international flights, plus 30-60 minutes at peak times',
    );
    expect(text).toContain('+1 800 555 0199');
  });

  it('Privacy Policy: 9 sections, last updated March 19, 2025, children under 16', () => {
    renderWithBrand(<PrivacyPage />);
    const { headings } = sections();
    expect(headings).toHaveLength(9);
    expect(headings[6]).toBe("7. Children's Privacy");
    const text = document.body.textContent!;
    expect(text).toContain('Last updated March 19, 2025');
    expect(text).toContain('children under 16');
    expect(text).toContain('42 Market Street, Newark, NJ 07102');
  });

  it('About: story, mission, approach and join-us links to /register and /contact', () => {
    renderWithBrand(<AboutPage />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('About SkyFares Travel');
    for (const name of ['Our story', 'Our mission', 'Our approach', 'Join us']) {
      expect(screen.getByRole('heading', { name })).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact');
  });
});
