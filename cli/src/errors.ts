/** A failure to report to the person at the terminal: the message is the whole story. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

/** Bad input on the command line or in a file: nothing was sent. */
export class InputError extends CliError {
  constructor(message: string) {
    super(`Invalid input: ${message}`, 2);
    this.name = 'InputError';
  }
}
