import { describe, expect, it } from 'vitest';
import { aircraftByCode, type AircraftType } from './aircraft.js';
import {
  flightFuelKg,
  fuelTable,
  interpolate,
  offerEmissionsKg,
  seatEmissionsKg,
  TIM_FACTORS,
  weightedSeats,
} from './emissions.js';

/** The Boeing 787-9 of TIM's worked example (ZRH-SFO): 48 business, 21 premium economy, 188 economy seats. */
const timB789: AircraftType = {
  iata_code: '789',
  name: 'Boeing 787-9',
  kind: 'widebody',
  rangeKm: 14600,
  cabins: [
    { cabin_class: 'business', rows: 12, sections: ['A', 'EF', 'K'] },
    { cabin_class: 'premium_economy', rows: 3, sections: ['AC', 'DEF', 'HK'] },
    { cabin_class: 'economy', rows: 47, sections: ['AB', 'CD'] },
  ],
};
const ZRH_SFO_KM = 9369;

describe('the Travel Impact Model method (golden: TIM README, "Example emission estimation")', () => {
  it('interpolates the CCD fuel by distance and adds the LTO fuel: 54,697 kg for ZRH-SFO', () => {
    expect(Math.abs(flightFuelKg(fuelTable(timB789), ZRH_SFO_KM) - 54_697)).toBeLessThan(1);
  });

  it('weighs the seats by area: 411.5 economy seats', () => {
    expect(weightedSeats(timB789)).toBe(411.5);
  });

  it('gives each cabin its share, tank-to-wake at a load factor of 0.845', () => {
    const seat = (cabin: 'economy' | 'premium_economy' | 'business') =>
      seatEmissionsKg({ aircraft: timB789, greatCircleKm: ZRH_SFO_KM, cabin });
    expect(seat('economy')).toBeCloseTo(501.703, 0);
    expect(seat('premium_economy')).toBeCloseTo(752.555, 0);
    expect(seat('business')).toBeCloseTo(2006.812, 0);
  });

  it('extrapolates past either end of a table from its nearest two points', () => {
    const points = [
      [500, 5815],
      [1000, 10770],
    ] as const;
    expect(interpolate(points, 250)).toBeCloseTo(3337.5);
    expect(interpolate(points, 1500)).toBeCloseTo(15725);
    expect(interpolate(points, 750)).toBeCloseTo(8292.5);
  });

  it('lengthens the distance by the route factor and leaves the cargo its share', () => {
    const flight = { aircraft: timB789, greatCircleKm: ZRH_SFO_KM, cabin: 'economy' as const };
    const base = seatEmissionsKg(flight);
    expect(seatEmissionsKg(flight, { ...TIM_FACTORS, cargoShare: 0.1 })).toBeCloseTo(base * 0.9);
    expect(seatEmissionsKg(flight, { ...TIM_FACTORS, routeFactor: 1.05 })).toBeGreaterThan(base * 1.04);
  });

  it('adds every flight of an offer for every seated passenger, in whole kilograms', () => {
    const a320 = aircraftByCode('320')!;
    const legs = [
      { aircraft: a320, greatCircleKm: 1200, cabin: 'economy' as const },
      { aircraft: a320, greatCircleKm: 800, cabin: 'economy' as const },
    ];
    const one = offerEmissionsKg(legs, 1);
    expect(one).toBeGreaterThan(100);
    expect(one).toBeLessThan(300);
    expect(Math.abs(offerEmissionsKg(legs, 3) - one * 3)).toBeLessThanOrEqual(2);
  });

  it('puts a business seat far above an economy seat on a widebody, and a little above on a single aisle', () => {
    const per = (code: string, cabin: 'economy' | 'business') =>
      seatEmissionsKg({ aircraft: aircraftByCode(code)!, greatCircleKm: 5500, cabin });
    expect(per('77W', 'business') / per('77W', 'economy')).toBe(4);
    expect(per('321', 'business') / per('321', 'economy')).toBe(1.5);
  });
});
