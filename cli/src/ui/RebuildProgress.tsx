import { Box, Text } from 'ink';
import { printable } from '../output/printable.js';

export const BAR_WIDTH = 30;

export interface RebuildProgressProps {
  name: string;
  /** 0 to 1. */
  progress: number;
  /** Events still to replay, and whether there are more than counted. */
  lag: number;
  lagCapped: boolean;
  lastError: string | null;
  /** Set once the replay has reached the head it started from. */
  finishedInMs?: number | undefined;
}

/** "[#########.........]": whole cells only, so 99.9% never looks done. */
export function bar(progress: number, width = BAR_WIDTH): string {
  const filled = Math.floor(Math.min(1, Math.max(0, progress)) * width);
  return `${'█'.repeat(filled)}${'░'.repeat(width - filled)}`;
}

/** One projection's rebuild: a bar, the percentage and what is left (or how long it took). */
export function RebuildProgress({ name, progress, lag, lagCapped, lastError, finishedInMs }: RebuildProgressProps) {
  const done = finishedInMs !== undefined;
  const percent = `${Math.floor((done ? 1 : progress) * 100)}%`.padStart(4);
  return (
    <Box flexDirection="column">
      <Text>
        <Text bold>{printable(name)}</Text> <Text color={done ? 'green' : 'cyan'}>{bar(done ? 1 : progress)}</Text>{' '}
        {percent}{' '}
        {done ? (
          <Text color="green">rebuilt in {(finishedInMs / 1000).toFixed(1)} s</Text>
        ) : (
          <Text dimColor>
            {lag}
            {lagCapped ? '+' : ''} event{lag === 1 && !lagCapped ? '' : 's'} to go
          </Text>
        )}
      </Text>
      {lastError && !done && (
        <Text color="red">Failing (the engine retries from its checkpoint): {printable(lastError)}</Text>
      )}
    </Box>
  );
}
