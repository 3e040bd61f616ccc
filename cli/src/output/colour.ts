/** How a cell stands out in a terminal that shows colours. */
export type Tone = 'strong' | 'good' | 'bad' | 'waiting' | 'quiet';

// SGR codes: each tone's start and the code that ends only it.
const CODES: Record<Tone, [number, number]> = {
  strong: [1, 22],
  good: [32, 39],
  bad: [31, 39],
  waiting: [33, 39],
  quiet: [2, 22],
};

export function paint(text: string, tone: Tone | undefined): string {
  if (!tone || text === '') return text;
  const [start, end] = CODES[tone];
  return `\u001b[${start}m${text}\u001b[${end}m`;
}

/**
 * Colour when the output is a terminal that shows colours, unless NO_COLOR is set (no-color.org:
 * any non-empty value); FORCE_COLOR asks for it even through a pipe, FORCE_COLOR=0 turns it off.
 */
export function wantsColour(
  env: Record<string, string | undefined>,
  stream: { isTTY?: boolean; hasColors?(): boolean },
): boolean {
  if (env.NO_COLOR) return false;
  if (env.FORCE_COLOR !== undefined) return env.FORCE_COLOR !== '0';
  return Boolean(stream.isTTY && (stream.hasColors?.() ?? true));
}
