import { render } from 'ink-testing-library';
import { describe, expect, it, vi } from 'vitest';
import { type, tick } from '../test-support/terminal.js';
import { PagePrompt } from './PagePrompt.js';

describe('PagePrompt', () => {
  it('offers the next page from the first, never a previous one', async () => {
    const onAnswer = vi.fn();
    const { stdin, lastFrame } = render(<PagePrompt page={1} pages={3} total={45} onAnswer={onAnswer} />);
    await tick();
    expect(lastFrame()).toContain('Page 1 of 3 (45 in all) n next, q quit');
    await type(stdin, 'p');
    expect(onAnswer).not.toHaveBeenCalled();
    await type(stdin, 'N');
    await vi.waitFor(() => expect(onAnswer).toHaveBeenCalledWith('next'));
  });

  it('offers the previous page from the last, and Enter stops', async () => {
    const onAnswer = vi.fn();
    const { stdin, lastFrame } = render(<PagePrompt page={3} pages={3} total={45} onAnswer={onAnswer} />);
    await tick();
    expect(lastFrame()).toContain('Page 3 of 3 (45 in all) p previous, q quit');
    await type(stdin, 'n');
    expect(onAnswer).not.toHaveBeenCalled();
    await type(stdin, 'p');
    await vi.waitFor(() => expect(onAnswer).toHaveBeenCalledWith('previous'));
    await type(stdin, '\r');
    await vi.waitFor(() => expect(onAnswer).toHaveBeenLastCalledWith('quit'));
  });
});
