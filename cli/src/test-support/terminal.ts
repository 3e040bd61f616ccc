import { EventEmitter } from 'node:events';

/** A stand-in terminal for Ink: keys go in through `type`, everything drawn is kept in `output`. */
export class FakeStdin extends EventEmitter {
  isTTY = true;
  #data: string | null = null;
  write(data: string): void {
    this.#data = data;
    this.emit('readable');
    this.emit('data', data);
  }
  read = (): string | null => {
    const data = this.#data;
    this.#data = null;
    return data;
  };
  setEncoding(): void {}
  setRawMode(): void {}
  resume(): void {}
  pause(): void {}
  ref(): void {}
  unref(): void {}
}

export class FakeStdout extends EventEmitter {
  columns = 100;
  rows = 40;
  isTTY = true;
  output = '';
  write = (text: string): boolean => {
    this.output += text;
    return true;
  };
}

/** What was drawn, without colours and cursor movement. */
export function plain(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/\u001b\[[0-9;?]*[A-Za-z]/g, '');
}

export const tick = (ms = 30) => new Promise((resolve) => setTimeout(resolve, ms));

/** Types each chunk as one keypress (or paste), waiting for Ink to react between them. */
export async function type(stdin: { write(data: string): void }, ...chunks: string[]): Promise<void> {
  for (const chunk of chunks) {
    stdin.write(chunk);
    await tick();
  }
}
