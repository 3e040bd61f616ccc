import { describe, expect, it } from 'vitest';
import {
  carrierSurcharge,
  domesticCountry,
  flightTaxes,
  passengerTaxes,
  ticketTaxRate,
  type TaxedFlight,
} from './taxes.js';

const flight = (
  from: string,
  airport: string,
  to: string,
  distanceKm: number,
  cabin: TaxedFlight['cabin'] = 'economy',
) => ({
  fromCountry: from,
  fromAirport: airport,
  toCountry: to,
  distanceKm,
  cabin,
});

describe('taxes by departure country and distance', () => {
  it("charges the UK's Air Passenger Duty by distance band and cabin, with Heathrow's charge", () => {
    const toParis = flightTaxes(flight('GB', 'LHR', 'FR', 350));
    const toNewYork = flightTaxes(flight('GB', 'LHR', 'US', 5540));
    const toNewYorkInBusiness = flightTaxes(flight('GB', 'LHR', 'US', 5540, 'business'));
    expect(toParis).toBeLessThan(toNewYork);
    expect(toNewYork).toBeGreaterThan(200); // band B duty, Heathrow's charge, the US arrival fees
    expect(toNewYorkInBusiness - toNewYork).toBeGreaterThan(100);
  });

  it('charges a departure from Sydney the Passenger Movement Charge, a domestic flight none', () => {
    expect(flightTaxes(flight('AU', 'SYD', 'SG', 6300))).toBeGreaterThan(80);
    expect(flightTaxes(flight('AU', 'SYD', 'AU', 700))).toBeLessThan(30);
  });

  it('adds the selling airline surcharge on long haul, none on a low-cost ticket or a hop', () => {
    expect(carrierSurcharge(5540, 'economy', 'network')).toBeGreaterThanOrEqual(100);
    expect(carrierSurcharge(5540, 'business', 'network')).toBe(2 * carrierSurcharge(5540, 'economy', 'network'));
    expect(carrierSurcharge(5540, 'economy', 'low_cost')).toBe(0);
    expect(carrierSurcharge(600, 'economy', 'network')).toBe(0);
  });

  it('takes a ticket tax on the fare only on journeys within a country that levies one', () => {
    expect(ticketTaxRate(domesticCountry([flight('US', 'SEA', 'US', 1100)]))).toBe(0.075);
    expect(ticketTaxRate(domesticCountry([flight('US', 'JFK', 'GB', 5540)]))).toBe(0);
    expect(ticketTaxRate(domesticCountry([flight('US', 'SFO', 'CA', 3600), flight('CA', 'YYZ', 'US', 590)]))).toBe(0);
  });

  it('has a lap infant pay a tenth of the fixed taxes, and the ticket tax on its own fare', () => {
    const journey = { fixed: 300, rate: 0.1 };
    expect(passengerTaxes(100, journey, 'adult')).toBe(310);
    expect(passengerTaxes(10, journey, 'infant_without_seat')).toBe(31);
  });
});
