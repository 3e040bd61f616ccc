import { SHARE_TEXT, type SharedTrip } from '@contrail/shared/booking/trip-share';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeEngine, renderPage } from '../test-support/engine';
import { SharedTripPage } from './SharedTripPage';

const TOKEN = `bk1.${'b'.repeat(43)}`;
const place = (iata_code: string, city_name: string, name: string) => ({
  iata_code,
  city_name,
  name,
  country_code: 'US',
});
const trip: SharedTrip = {
  reference: 'ABC123',
  status: 'confirmed',
  passengers: [{ given_name: 'Jane', family_name: 'Traveller' }],
  slices: [
    {
      id: 's1',
      origin: place('JFK', 'New York', 'John F. Kennedy International Airport'),
      destination: place('LAX', 'Los Angeles', 'Los Angeles International Airport'),
      departure_time: '2026-12-10T08:00:00',
      arrival_time: '2026-12-10T11:30:00',
      duration: 'PT6H30M',
      segments: [
        {
          id: 'g1',
          departing_at: '2026-12-10T08:00:00',
          arriving_at: '2026-12-10T11:30:00',
          origin: place('JFK', 'New York', 'John F. Kennedy International Airport'),
          destination: place('LAX', 'Los Angeles', 'Los Angeles International Airport'),
          duration: 'PT6H30M',
          flight_number: 'AA100',
          operating_carrier: { name: 'American Airlines', iata_code: 'AA', logo_url: null },
        },
      ],
    },
  ],
};

afterEach(() => {
  window.location.hash = '';
});

/** Issue 36: `/shared-trip#<token>`, read only, for anyone with the link. */
describe('the shared trip page', () => {
  it('posts the token from the fragment and shows the flights, reference, status and names', async () => {
    window.location.hash = TOKEN;
    const { calls } = fakeEngine({ 'POST /api/shared-trips/view': [200, trip] });
    renderPage(<SharedTripPage />, '/shared-trip');

    expect(await screen.findByRole('heading', { name: SHARE_TEXT.pageTitle })).toBeInTheDocument();
    expect(calls).toEqual([{ method: 'POST', path: '/api/shared-trips/view', body: { token: TOKEN } }]);
    expect(screen.getByText('ABC123')).toBeInTheDocument();
    expect(screen.getByText('confirmed')).toBeInTheDocument();
    const flights = screen.getByRole('region', { name: 'Flights' });
    expect(flights).toHaveTextContent('AA100 (American Airlines)');
    expect(flights).toHaveTextContent('John F. Kennedy International Airport (JFK)');
    expect(flights).toHaveTextContent('Los Angeles International Airport (LAX)');
    expect(within(screen.getByRole('region', { name: 'Travellers' })).getByText('Jane Traveller')).toBeInTheDocument();
  });

  it('says the link is no longer active for a mangled fragment, asking nothing (decoding it used to throw)', async () => {
    window.location.hash = '%E0%A4%A';
    const { calls } = fakeEngine({});
    renderPage(<SharedTripPage />, '/shared-trip');
    expect(await screen.findByRole('heading', { name: SHARE_TEXT.inactive })).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('says the link is no longer active when the engine answers 404, or without a token', async () => {
    window.location.hash = TOKEN;
    fakeEngine({ 'POST /api/shared-trips/view': [404, { message: SHARE_TEXT.inactive, code: 'NOT_FOUND' }] });
    const { unmount } = renderPage(<SharedTripPage />, '/shared-trip');
    expect(await screen.findByRole('heading', { name: SHARE_TEXT.inactive })).toBeInTheDocument();
    unmount();

    window.location.hash = '';
    renderPage(<SharedTripPage />, '/shared-trip');
    expect(await screen.findByRole('heading', { name: SHARE_TEXT.inactive })).toBeInTheDocument();
  });
});
