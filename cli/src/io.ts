import { printable } from './output/printable.js';

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
}

/** The same io with everything written to stdout and stderr made printable: text, tables, JSON and errors. */
export function printableIo(io: CliIo): CliIo {
  const shown = (stream: CliIo['stdout']) => ({ write: (text: string) => stream.write(printable(text)) });
  return { ...io, stdout: shown(io.stdout), stderr: shown(io.stderr) };
}

export function print(io: CliIo, text = ''): void {
  io.stdout.write(`${text}\n`);
}

export function printJson(io: CliIo, value: unknown): void {
  io.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}
