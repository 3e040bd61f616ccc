import { render } from 'ink-testing-library';
import { describe, expect, it, vi } from 'vitest';
import { type, tick } from '../test-support/terminal.js';
import { Confirm } from './Confirm.js';
import { LoginPrompt } from './LoginPrompt.js';

describe('LoginPrompt', () => {
  it('asks for the username, then the password, which it never draws', async () => {
    const onSubmit = vi.fn();
    const { stdin, lastFrame, frames } = render(
      <LoginPrompt url="http://engine:5000" onSubmit={onSubmit} onCancel={() => {}} />,
    );
    await tick();
    expect(lastFrame()).toContain('Sign in to the Contrail engine at http://engine:5000');
    await type(stdin, 'r', 'o', 'o', 't', 'x', '\u007f');
    expect(lastFrame()).toContain('Username: root');
    await type(stdin, '\r', 's3cret-Pass', '!');
    expect(lastFrame()).toContain('Password: (hidden as you type)');
    await type(stdin, '\r');
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ username: 'root', password: 's3cret-Pass!' }));
    expect(frames.join('\n')).not.toContain('s3cret');
    expect(frames.join('\n')).not.toContain('*');
  });

  it('treats line breaks inside a pasted chunk as Enter, so a password never lands in the username', async () => {
    const onSubmit = vi.fn();
    const { stdin, frames } = render(<LoginPrompt url="u" onSubmit={onSubmit} onCancel={() => {}} />);
    await tick();
    await type(stdin, 'admin\r', 'Pasted-Secret-9\r');
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ username: 'admin', password: 'Pasted-Secret-9' }));
    expect(frames.join('\n')).not.toContain('Pasted');
  });

  it('asks only for the password when the username was given', async () => {
    const onSubmit = vi.fn();
    const { stdin, lastFrame } = render(
      <LoginPrompt url="http://engine" username="root" onSubmit={onSubmit} onCancel={() => {}} />,
    );
    await tick();
    expect(lastFrame()).toContain('Password:');
    await type(stdin, 'pw', '\r');
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ username: 'root', password: 'pw' }));
  });

  it('says what is missing instead of submitting blanks, and Esc cancels', async () => {
    const onSubmit = vi.fn();
    const onCancel = vi.fn();
    const { stdin, lastFrame } = render(<LoginPrompt url="u" onSubmit={onSubmit} onCancel={onCancel} />);
    await tick();
    await type(stdin, '\r');
    expect(lastFrame()).toContain('Username is required');
    await type(stdin, 'root', '\r', '\r');
    expect(lastFrame()).toContain('Password is required');
    expect(onSubmit).not.toHaveBeenCalled();
    await type(stdin, '\u001b');
    await vi.waitFor(() => expect(onCancel).toHaveBeenCalled());
  });
});

describe('Confirm', () => {
  it('answers yes only to y', async () => {
    for (const [key, answer] of [
      ['y', true],
      ['Y', true],
      ['n', false],
      ['\r', false],
    ] as const) {
      const onAnswer = vi.fn();
      const { stdin, lastFrame, unmount } = render(<Confirm message="Enable LIVE mode?" onAnswer={onAnswer} />);
      await tick();
      expect(lastFrame()).toContain('Enable LIVE mode? (y/N)');
      await type(stdin, 'x');
      expect(onAnswer).not.toHaveBeenCalled();
      await type(stdin, key);
      expect(onAnswer).toHaveBeenCalledWith(answer);
      unmount();
    }
  });

  it('shows control and bidi characters in its question escaped, never acted on', async () => {
    const { lastFrame, unmount } = render(
      <Confirm message={'Erase the account of \u202Emoc.elpmaxe@yrallam\u2069?\u001b[2J'} onAnswer={() => {}} />,
    );
    await tick();
    expect(lastFrame()).toBe('Erase the account of \\u202Emoc.elpmaxe@yrallam\\u2069?\\u001B[2J (y/N)');
    unmount();
  });
});
