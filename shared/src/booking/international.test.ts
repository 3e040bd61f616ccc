import { describe, expect, it } from 'vitest';
import { isInternationalOffer } from './international.js';

const place = (iata_code: string, country_code?: string) => ({ iata_code, ...(country_code && { country_code }) });

describe('isInternationalOffer', () => {
  it('is international when identity documents are flagged required', () => {
    expect(isInternationalOffer({ passenger_identity_documents_required: true, slices: [] })).toBe(true);
  });

  it('is international on a route between JFK and LHR, either way', () => {
    expect(isInternationalOffer({ slices: [{ origin: place('JFK'), destination: place('LHR') }] })).toBe(true);
    expect(isInternationalOffer({ slices: [{ origin: place('lhr'), destination: place('jfk') }] })).toBe(true);
  });

  it('is international when a slice crosses a border', () => {
    expect(isInternationalOffer({ slices: [{ origin: place('CDG', 'FR'), destination: place('MAD', 'ES') }] })).toBe(
      true,
    );
  });

  it('is international when only a segment crosses a border', () => {
    const slice = {
      origin: place('SEA', 'US'),
      destination: place('BOS', 'US'),
      segments: [
        { origin: place('SEA', 'US'), destination: { iata_code: 'YVR', iata_country_code: 'CA' } },
        { origin: { iata_code: 'YVR', iata_country_code: 'CA' }, destination: place('BOS', 'US') },
      ],
    };
    expect(isInternationalOffer({ passenger_identity_documents_required: false, slices: [slice] })).toBe(true);
  });

  it('is domestic otherwise, and when countries are unknown', () => {
    const slice = {
      origin: place('JFK', 'US'),
      destination: place('LAX', 'US'),
      segments: [{ origin: place('JFK', 'US'), destination: place('LAX', 'US') }],
    };
    expect(isInternationalOffer({ passenger_identity_documents_required: false, slices: [slice] })).toBe(false);
    expect(isInternationalOffer({ slices: [{ origin: place('LHR'), destination: place('MAN') }] })).toBe(false);
    expect(isInternationalOffer({})).toBe(false);
  });
});
