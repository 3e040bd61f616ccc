import { describe, expect, it } from 'vitest';
import { formatTable, type Column } from './table.js';

interface Row {
  ref: string;
  status: string;
  note: string;
}

const columns: Column<Row>[] = [
  { header: 'REF', value: (row) => row.ref },
  { header: 'STATUS', value: (row) => row.status, tone: (row) => (row.status === 'failed' ? 'bad' : 'good') },
  { header: 'NOTE', value: (row) => row.note },
];

describe('formatTable', () => {
  it('aligns the columns and leaves short tables whole', () => {
    const rows = [{ ref: 'A1', status: 'confirmed', note: 'window seat' }];
    expect(formatTable(rows, columns)).toBe('REF  STATUS     NOTE\nA1   confirmed  window seat');
  });

  it('cuts the widest column with an ellipsis to fit the width, the others whole', () => {
    const rows = [
      { ref: 'A1', status: 'confirmed', note: 'x'.repeat(150) },
      { ref: 'B2', status: 'failed', note: 'short' },
    ];
    const lines = formatTable(rows, columns, { width: 100, colour: false }).split('\n');
    expect(lines.map((line) => [...line].length)).toEqual([20, 100, 21]);
    expect(lines[1]).toBe(`A1   confirmed  ${'x'.repeat(83)}…`);
  });

  it('cuts the widest first, then the next, never below a header or 8 characters', () => {
    const rows = [{ ref: 'r'.repeat(60), status: 's'.repeat(60), note: 'n'.repeat(60) }];
    const [header, line] = formatTable(rows, columns, { width: 40, colour: false }).split('\n');
    expect([...line!].length).toBe(40);
    expect(header).toMatch(/^REF +STATUS +NOTE$/);
    expect(line).toBe(`${'r'.repeat(7)}…  ${'s'.repeat(7)}…  ${'n'.repeat(19)}…`);
  });

  it('keeps every value whole when no cut could make the table fit', () => {
    const rows = [{ ref: 'r'.repeat(60), status: 's'.repeat(60), note: 'n'.repeat(60) }];
    const line = formatTable(rows, columns, { width: 10, colour: false }).split('\n')[1]!;
    expect(line).toBe(`${'r'.repeat(60)}  ${'s'.repeat(60)}  ${'n'.repeat(60)}`);
  });

  it('colours the header and toned cells only when asked, padding outside the colour', () => {
    const rows = [{ ref: 'B2', status: 'failed', note: '' }];
    const plain = formatTable(rows, columns);
    expect(plain).not.toContain('\u001b');
    const coloured = formatTable(rows, columns, { width: 100, colour: true });
    expect(coloured).toBe(
      '\u001b[1mREF\u001b[22m  \u001b[1mSTATUS\u001b[22m  \u001b[1mNOTE\u001b[22m\nB2   \u001b[31mfailed\u001b[39m',
    );
  });

  it('escapes control characters from the engine inside a cell, so colours stay ours', () => {
    const rows = [{ ref: 'A\u001b[2J', status: 'ok', note: '' }];
    expect(formatTable(rows, columns, { width: 100, colour: true })).toContain('A\\u001B[2J');
  });
});
