import { Text, useInput } from 'ink';

export type PageMove = 'next' | 'previous' | 'quit';

interface Props {
  /** 1-based. */
  page: number;
  pages: number;
  total: number;
  onAnswer(move: PageMove): void;
}

/** Between two pages of results: n or → the next, p or ← the previous, q, Esc or Enter stop. */
export function PagePrompt({ page, pages, total, onAnswer }: Props) {
  const hasNext = page < pages;
  const hasPrevious = page > 1;
  useInput((input, key) => {
    const typed = input.toLowerCase();
    if (hasNext && (typed === 'n' || key.rightArrow)) onAnswer('next');
    else if (hasPrevious && (typed === 'p' || key.leftArrow)) onAnswer('previous');
    else if (typed === 'q' || key.escape || key.return) onAnswer('quit');
  });
  const keys = [hasNext && 'n next', hasPrevious && 'p previous', 'q quit'].filter(Boolean).join(', ');
  return (
    <Text>
      Page {page} of {pages} ({total} in all) <Text dimColor>{keys}</Text>
    </Text>
  );
}
