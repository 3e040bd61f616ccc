import { describe, expect, it } from 'vitest';
import { bagLines, bagLineText } from './bags-shown.js';

describe('bagLines (issue 35: bags bought, shown after the sale)', () => {
  const slices = [
    {
      segments: [
        { id: 'seg_1', origin: { iata_code: 'JFK' }, destination: { iata_code: 'BOS' } },
        { id: 'seg_2', origin: { iata_code: 'BOS' }, destination: { iata_code: 'LHR' } },
      ],
    },
    { segments: [{ id: 'seg_3', origin: { iata_code: 'LHR' }, destination: { iata_code: 'JFK' } }] },
  ];
  const passengers = [
    { id: 'pas_1', name: 'Jane Doe' },
    { id: 'pas_2', name: 'Sam Doe' },
  ];

  it('lists each bag service in flight order, with its quantity, whose bags and the flights they travel', () => {
    const lines = bagLines(
      [
        { kind: 'carry_on', quantity: 1, passengerIds: ['pas_2'], segmentIds: ['seg_3'] },
        { kind: 'checked', quantity: 2, passengerIds: ['pas_1'], segmentIds: ['seg_1', 'seg_2'], price: '$90' },
      ],
      slices,
      passengers,
    );
    expect(lines).toEqual([
      { bags: '2 checked bags', passengers: 'Jane Doe', flight: 'JFK → LHR', price: '$90' },
      { bags: '1 cabin bag', passengers: 'Sam Doe', flight: 'LHR → JFK', price: null },
    ]);
    expect(lines.map(bagLineText)).toEqual([
      '2 checked bags: Jane Doe, JFK → LHR ($90)',
      '1 cabin bag: Sam Doe, LHR → JFK',
    ]);
  });

  it('says "Passenger" and "Flight" for ids the booking no longer names, and nothing for no bags', () => {
    expect(
      bagLines([{ kind: 'checked', quantity: 1, passengerIds: ['pas_9'], segmentIds: ['seg_9'] }], slices, passengers),
    ).toEqual([{ bags: '1 checked bag', passengers: 'Passenger', flight: 'Flight', price: null }]);
    expect(bagLines([], slices, passengers)).toEqual([]);
  });
});
