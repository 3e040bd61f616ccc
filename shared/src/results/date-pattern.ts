/**
 * date-fns' `format` for the few patterns the first pages show (en-US), a fraction of its size:
 * yyyy, y, MMMM, MMM, MM, dd, do, d, EEE, HH, mm, and literal text. Any other letter throws, so a
 * new pattern is added here (and to its test against date-fns) rather than shown wrong.
 */
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

function ordinal(day: number): string {
  const tens = day % 100;
  if (tens >= 11 && tens <= 13) return `${day}th`;
  return `${day}${['th', 'st', 'nd', 'rd'][day % 10] ?? 'th'}`;
}

const TOKENS: Record<string, (date: Date) => string> = {
  yyyy: (date) => pad(date.getFullYear(), 4),
  y: (date) => String(date.getFullYear()),
  MMMM: (date) => MONTHS[date.getMonth()]!,
  MMM: (date) => MONTHS[date.getMonth()]!.slice(0, 3),
  MM: (date) => pad(date.getMonth() + 1),
  dd: (date) => pad(date.getDate()),
  do: (date) => ordinal(date.getDate()),
  d: (date) => String(date.getDate()),
  EEE: (date) => WEEKDAYS[date.getDay()]!,
  HH: (date) => pad(date.getHours()),
  mm: (date) => pad(date.getMinutes()),
};

const TOKEN = /yyyy|y|MMMM|MMM|MM|dd|do|d|EEE|HH|mm|[A-Za-z]/g;

/** `date` in the viewer's time zone, as `format(date, pattern)` of date-fns writes it. */
export function formatDatePattern(date: Date, pattern: string): string {
  return pattern.replace(TOKEN, (token) => {
    const write = TOKENS[token];
    if (!write) throw new Error(`formatDatePattern does not know "${token}" (in "${pattern}")`);
    return write(date);
  });
}
