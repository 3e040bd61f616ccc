import { DEFAULT_PRICING_CONTEXT } from '@contrail/shared/pricing/price-offer';
import { offer, slice } from '@contrail/shared/results/test-support/offer-fixture';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { FlightCard } from './FlightCard';
import { FlightItinerary } from '../flight/FlightItinerary';

const overnight = offer('off_overnight', {
  slices: [
    slice([
      { from: 'JFK', to: 'DUB', departing: '2026-12-20T20:15', arriving: '2026-12-21T07:45' },
      { from: 'DUB', to: 'LHR', departing: '2026-12-21T11:00', arriving: '2026-12-21T12:20', carrier: 'EI' },
    ]),
  ],
});

describe('later-day times', () => {
  it('carry "+1" beside the arrival on the results card', () => {
    render(
      <MemoryRouter>
        <FlightCard offer={overnight} detailsUrl="/flight/off_overnight" pricing={DEFAULT_PRICING_CONTEXT} />
      </MemoryRouter>,
    );
    expect(screen.getByText('+1')).toBeInTheDocument();
    expect(screen.getByText(/next day/)).toBeInTheDocument();
  });

  it('carry "+1" on every later-day time of the itinerary, and flight numbers read "EI 100"', () => {
    render(<FlightItinerary offer={overnight} />);
    // The slice's arrival, the first flight's landing, and the second flight's both times.
    expect(screen.getAllByText('+1')).toHaveLength(4);
    expect(screen.getByText(/Flight EI 100/)).toBeInTheDocument();
  });
});
