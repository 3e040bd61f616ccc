import { printable } from './output/printable.js';
import { formatTable, PLAIN, type Column } from './output/table.js';

/** Everything the CLI touches outside itself, so tests can run it in-process. */
export interface CliIo {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
  /** Ink reads keys from here; prompts are only offered when it is a terminal. */
  stdin: NodeJS.ReadStream;
  /** Ink draws here (the real stdout in a terminal). */
  terminal: NodeJS.WriteStream;
  interactive: boolean;
  env: Record<string, string | undefined>;
  /** Where the session is kept (env-paths' config directory unless CONTRAIL_CONFIG_DIR is set). */
  configDir: string;
  fetch: typeof fetch;
  /** Tables in colour (main.ts asks output/colour.ts's wantsColour). */
  colour?: boolean;
  /** stdout for text made printable already, cell by cell: tables, with their colours. */
  checkedStdout?: { write(text: string): unknown };
}

/** The same io with everything written to stdout and stderr made printable: text, tables, JSON and errors. */
export function printableIo(io: CliIo): CliIo {
  const shown = (stream: CliIo['stdout']) => ({ write: (text: string) => stream.write(printable(text)) });
  return { ...io, stdout: shown(io.stdout), stderr: shown(io.stderr), checkedStdout: io.stdout };
}

export function print(io: CliIo, text = ''): void {
  io.stdout.write(`${text}\n`);
}

export function printJson(io: CliIo, value: unknown): void {
  io.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

/** A table fitting 100 columns (or a narrower terminal), in colour when the terminal shows it. */
export function printTable<Row>(io: CliIo, rows: readonly Row[], columns: readonly Column<Row>[]): void {
  const terminalWidth = io.interactive ? io.terminal.columns : undefined;
  const width = Math.min(PLAIN.width, terminalWidth || PLAIN.width);
  const table = formatTable(rows, columns, { width, colour: io.colour ?? false });
  // Without checkedStdout the io was never made printable: formatTable has made each cell so.
  (io.checkedStdout ?? io.stdout).write(`${table}\n`);
}
