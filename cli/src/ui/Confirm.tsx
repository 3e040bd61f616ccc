import { Text, useInput } from 'ink';
import { printable } from '../output/printable.js';

interface Props {
  message: string;
  onAnswer(yes: boolean): void;
}

/** A yes/no question whose default (Enter, Esc, anything but y) is no. */
export function Confirm({ message, onAnswer }: Props) {
  useInput((input, key) => {
    if (input.toLowerCase() === 'y') onAnswer(true);
    else if (input.toLowerCase() === 'n' || key.return || key.escape) onAnswer(false);
  });
  return (
    <Text>
      {printable(message)} <Text dimColor>(y/N)</Text>
    </Text>
  );
}
