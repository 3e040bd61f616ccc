import { render } from 'ink-testing-library';
import { describe, expect, it, vi } from 'vitest';
import { type, tick } from '../test-support/terminal.js';
import { CodePrompt } from './CodePrompt.js';

describe('CodePrompt', () => {
  it('asks for the code and submits what was typed', async () => {
    const onSubmit = vi.fn();
    const { stdin, lastFrame } = render(<CodePrompt username="root" onSubmit={onSubmit} onCancel={() => {}} />);
    await tick();
    expect(lastFrame()).toContain('Two-factor authentication is on for root.');
    await type(stdin, '12', '34x', '\u007f', '56', '\r');
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledWith('123456'));
  });

  it('takes a recovery code with its dash, and says what is missing instead of submitting blanks', async () => {
    const onSubmit = vi.fn();
    const { stdin, lastFrame } = render(<CodePrompt username="root" onSubmit={onSubmit} onCancel={() => {}} />);
    await tick();
    await type(stdin, '\r');
    expect(lastFrame()).toContain('Enter the 6-digit code from your authenticator app, or a recovery code');
    expect(onSubmit).not.toHaveBeenCalled();
    await type(stdin, 'abcde-fghjk', '\r');
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledWith('abcde-fghjk'));
  });

  it('cancels on Esc', async () => {
    const onCancel = vi.fn();
    const { stdin } = render(<CodePrompt username="root" onSubmit={() => {}} onCancel={onCancel} />);
    await tick();
    await type(stdin, '\u001b');
    await vi.waitFor(() => expect(onCancel).toHaveBeenCalled());
  });
});
