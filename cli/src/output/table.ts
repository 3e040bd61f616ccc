import { paint, type Tone } from './colour.js';
import { printable } from './printable.js';

export interface Column<Row> {
  header: string;
  value(row: Row): string;
  /** A colour for the cell when the terminal shows colours (statuses: good, bad, waiting). */
  tone?(row: Row): Tone | undefined;
}

export interface TableStyle {
  /** The line length the table must fit. */
  width: number;
  colour: boolean;
}

/** What a table fits by default: 100 columns, no colour. */
export const PLAIN: TableStyle = { width: 100, colour: false };

const GAP = 2;
/** A column is never cut below its header or this. */
const MIN_WIDTH = 8;
const length = (text: string) => [...text].length;

function truncated(text: string, width: number): string {
  const chars = [...text];
  return chars.length <= width ? text : `${chars.slice(0, width - 1).join('')}…`;
}

const lineLength = (widths: readonly number[]) =>
  widths.reduce((sum, width) => sum + width, 0) + GAP * (widths.length - 1);

/**
 * The columns' widths cut, the widest first, until the line fits; all whole when even cutting every
 * column to its floor would not fit (a cut would lose values and still not fit: a wide report).
 */
function fittedWidths(widths: readonly number[], floors: readonly number[], max: number): number[] {
  if (lineLength(floors) > max) return [...widths];
  const fitted = [...widths];
  const total = () => lineLength(fitted);
  while (total() > max) {
    const cuttable = fitted.map((width, index) => (width > floors[index]! ? width : -1));
    const widest = cuttable.indexOf(Math.max(...cuttable));
    if (cuttable[widest]! < 0) break;
    fitted[widest] = Math.max(floors[widest]!, fitted[widest]! - (total() - max));
  }
  return fitted;
}

/**
 * An aligned text table for people (scripts use --json, which has every value in full): cells made
 * printable, the widest columns cut with an ellipsis to fit the width, colours only when asked.
 */
export function formatTable<Row>(
  rows: readonly Row[],
  columns: readonly Column<Row>[],
  style: TableStyle = PLAIN,
): string {
  const cells = rows.map((row) => columns.map((column) => printable(column.value(row))));
  const natural = columns.map((column, index) =>
    Math.max(length(column.header), ...cells.map((line) => length(line[index]!))),
  );
  const floors = columns.map((column, index) => Math.min(natural[index]!, Math.max(length(column.header), MIN_WIDTH)));
  const widths = fittedWidths(natural, floors, style.width);
  const line = (values: string[], tones: Array<Tone | undefined>) =>
    values
      .map((value, index) => {
        const text = truncated(value, widths[index]!);
        const padding = index === values.length - 1 ? '' : ' '.repeat(widths[index]! - length(text));
        return (style.colour ? paint(text, tones[index]) : text) + padding;
      })
      .join(' '.repeat(GAP))
      .trimEnd();
  const header = line(
    columns.map((column) => column.header),
    columns.map((): Tone => 'strong'),
  );
  return [
    header,
    ...rows.map((row, index) =>
      line(
        cells[index]!,
        columns.map((column) => column.tone?.(row)),
      ),
    ),
  ].join('\n');
}
