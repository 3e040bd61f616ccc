import { render } from 'ink';
import type { ReactElement } from 'react';
import { CliError } from '../errors.js';
import type { CliIo } from '../io.js';

/** Renders an Ink prompt until it answers; Ctrl+C or Esc cancels the command. */
export function ask<T>(
  io: CliIo,
  prompt: (answer: (value: T) => void, cancel: () => void) => ReactElement,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      outcome();
      instance.unmount();
    };
    const cancelled = () => settle(() => reject(new CliError('Cancelled')));
    const instance = render(
      prompt((value) => settle(() => resolve(value)), cancelled),
      { stdin: io.stdin, stdout: io.terminal, exitOnCtrlC: true, patchConsole: false },
    );
    void instance.waitUntilExit().then(cancelled, cancelled);
  });
}
