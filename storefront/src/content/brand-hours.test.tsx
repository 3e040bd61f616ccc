import { DEFAULT_BRAND } from '@contrail/shared/brand/default-brand';
import { render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { makeStore } from '../app/store';
import { BrandContext } from '../brand/brand-context';
import { Footer } from '../app/layout/Footer';
import { CallNowCard } from '../home/CallNowCard';
import { reasonsFor, WhyChooseUs } from '../home/WhyChooseUs';
import { SupportSection } from '../home/SupportSection';
import { ContactDetails } from './ContactDetails';
import { ContactPage } from './ContactPage';
import { SupportPage } from './SupportPage';

const NORDLYS_HOURS = {
  phone: 'Mon-Sat 08:00-20:00 CET',
  supportPage: 'Mon-Fri 09:00-17:00 CET',
  office: '08:00-20:00, Monday to Saturday',
};

function onBrand(element: ReactElement, hours = NORDLYS_HOURS) {
  const router = createMemoryRouter([{ path: '*', element }]);
  const brand = { ...DEFAULT_BRAND, key: 'nordlys', name: 'Nordlys', hours };
  render(
    <Provider store={makeStore()}>
      <BrandContext.Provider value={{ status: 'loaded', brand }}>
        <RouterProvider router={router} />
      </BrandContext.Provider>
    </Provider>,
  );
}

/** Issue #31: what the pages say about opening hours comes from the brand's settings. */
describe("the brand's opening hours on its pages", () => {
  it('the home page: call-now card, support section, why choose us', () => {
    onBrand(
      <>
        <CallNowCard />
        <SupportSection />
        <WhyChooseUs />
      </>,
    );
    expect(screen.getByText('Travel experts available Mon-Sat 08:00-20:00 CET')).toBeInTheDocument();
    expect(screen.getByText('Call us Mon-Sat 08:00-20:00 CET')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Phone Support' })).toBeInTheDocument();
    expect(screen.queryByText(/24\/7/)).toBeNull();
  });

  it('the support page, the contact page and the policies’ contact block', () => {
    onBrand(
      <>
        <SupportPage />
        <ContactPage />
        <ContactDetails />
        <Footer />
      </>,
    );
    expect(screen.getByText('Customer service hours: 08:00-20:00, Monday to Saturday.')).toBeInTheDocument();
    expect(screen.getByText('Mon-Fri 09:00-17:00 CET')).toBeInTheDocument();
    expect(screen.getAllByText(/08:00-20:00, Monday to Saturday/)).toHaveLength(2);
    expect(screen.getByText('(Mon-Sat 08:00-20:00 CET)', { exact: false })).toBeInTheDocument();
    expect(screen.queryByText(/24\/7|Mon-Fri 9am-6pm EST|07:00-21:00/)).toBeNull();
  });

  it("keeps the seed's words for a brand answering 24/7", () => {
    expect(reasonsFor(DEFAULT_BRAND.hours).map((reason) => reason.title)).toContain('24/7 Support');
    expect(reasonsFor(NORDLYS_HOURS).find((reason) => reason.title === 'Phone Support')?.text).toBe(
      'Travel experts on the phone Mon-Sat 08:00-20:00 CET.',
    );
  });
});
