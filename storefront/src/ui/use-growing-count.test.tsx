import { act, renderHook } from '@testing-library/react';
import { useGrowingCount } from './use-growing-count';

describe('useGrowingCount', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  /** A frame (16 ms with fake timers), then the task it schedules. */
  const nextStep = () => act(() => vi.advanceTimersByTimeAsync(20));

  it('shows the first parts at once, then a step more per frame, up to the count', async () => {
    const { result } = renderHook(() => useGrowingCount(7, 3, 3));
    expect(result.current).toBe(3);
    await nextStep();
    expect(result.current).toBe(6);
    await nextStep();
    expect(result.current).toBe(7);
    await nextStep();
    expect(result.current).toBe(7);
  });

  it('shows a list shorter than what it has grown to whole at once', async () => {
    const { result, rerender } = renderHook(({ count }) => useGrowingCount(count, 2, 2), {
      initialProps: { count: 0 },
    });
    expect(result.current).toBe(0);
    rerender({ count: 4 });
    expect(result.current).toBe(2);
    await nextStep();
    expect(result.current).toBe(4);
    rerender({ count: 3 });
    expect(result.current).toBe(3);
  });
});
