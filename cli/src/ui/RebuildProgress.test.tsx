import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import { bar, RebuildProgress } from './RebuildProgress.js';

const base = { name: 'bookings', lag: 0, lagCapped: false, lastError: null };

describe('RebuildProgress', () => {
  it('fills whole cells only, so a nearly done replay never looks done', () => {
    expect(bar(0, 10)).toBe('░░░░░░░░░░');
    expect(bar(0.5, 10)).toBe('█████░░░░░');
    expect(bar(0.999, 10)).toBe('█████████░');
    expect(bar(1, 10)).toBe('██████████');
    expect(bar(7, 10)).toBe('██████████');
    expect(bar(-1, 10)).toBe('░░░░░░░░░░');
  });

  it('redraws as the replay advances, then says how long it took', () => {
    const { lastFrame, rerender } = render(<RebuildProgress {...base} progress={0} lag={1200} lagCapped />);
    expect(lastFrame()).toBe(`bookings ${'░'.repeat(30)}   0% 1200+ events to go`);
    rerender(<RebuildProgress {...base} progress={0.42} lag={1} />);
    expect(lastFrame()).toBe(`bookings ${'█'.repeat(12)}${'░'.repeat(18)}  42% 1 event to go`);
    rerender(<RebuildProgress {...base} progress={0.99} lag={0} finishedInMs={1234} />);
    expect(lastFrame()).toBe(`bookings ${'█'.repeat(30)} 100% rebuilt in 1.2 s`);
  });

  it('shows why a rebuild is failing', () => {
    const { lastFrame } = render(<RebuildProgress {...base} progress={0.1} lag={5} lastError="boom" />);
    expect(lastFrame()).toContain('5 events to go\nFailing (the engine retries from its checkpoint): boom');
  });

  it("escapes control and bidi characters in the engine's name and error, which a terminal would act on", () => {
    const { lastFrame } = render(
      <RebuildProgress {...base} name={'book\u202Egni'} progress={0.1} lag={5} lastError={'bad\u001b]0;pwned\u0007'} />,
    );
    expect(lastFrame()).toContain('book\\u202Egni ');
    expect(lastFrame()).toContain('Failing (the engine retries from its checkpoint): bad\\u001B]0;pwned\\u0007');
  });
});
