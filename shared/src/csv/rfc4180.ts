/**
 * CSV as RFC 4180 writes it: fields separated by commas, records ended by CRLF, a field quoted
 * when it holds a comma, a quote, CR or LF, a quote inside written twice. A field that a
 * spreadsheet would run as a formula (=, +, -, @ first) is not altered: the figures here are
 * numbers and keys, and numbers may be negative.
 */
export function csvField(value: string | number): string {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvRecord(fields: readonly (string | number)[]): string {
  return `${fields.map(csvField).join(',')}\r\n`;
}

/** A whole CSV text: the header row, then one record per row. */
export function csvText(header: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  return [header, ...rows].map(csvRecord).join('');
}
