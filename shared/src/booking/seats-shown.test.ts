import { describe, expect, it } from 'vitest';
import { seatLines, seatLineText } from './seats-shown.js';

describe('seatLines (issue 20 item 4)', () => {
  const slices = [
    {
      segments: [
        { id: 'seg_1', origin: { iata_code: 'JFK' }, destination: { iata_code: 'ORD' }, flight_number: 'AA123' },
        { id: 'seg_2', origin: { iata_code: 'ORD' }, destination: { iata_code: 'LAX' }, flight_number: 'AA9' },
      ],
    },
  ];
  const passengers = [
    { id: 'pas_1', name: 'Jane Doe' },
    { id: 'pas_2', name: 'Sam Doe' },
  ];

  it('lists each passenger seat per flight, in flight then passenger order', () => {
    const lines = seatLines(
      [
        { passengerId: 'pas_2', segmentId: 'seg_2', designator: '3B' },
        { passengerId: 'pas_1', segmentId: 'seg_2', designator: '3A' },
        { passengerId: 'pas_1', segmentId: 'seg_1', designator: '12A' },
      ],
      slices,
      passengers,
    );
    expect(lines).toEqual([
      { passenger: 'Jane Doe', flight: 'AA 123 JFK → ORD', designator: '12A' },
      { passenger: 'Jane Doe', flight: 'AA 9 ORD → LAX', designator: '3A' },
      { passenger: 'Sam Doe', flight: 'AA 9 ORD → LAX', designator: '3B' },
    ]);
    expect(seatLineText(lines[0]!)).toBe('Seat 12A: Jane Doe, AA 123 JFK → ORD');
  });

  it('still shows a seat whose flight or passenger is unknown', () =>
    expect(seatLines([{ passengerId: 'x', segmentId: 'y', designator: '1C' }], slices, passengers)).toEqual([
      { passenger: 'Passenger', flight: 'Flight', designator: '1C' },
    ]));
});
