import { act, renderHook } from '@testing-library/react';
import { useScrolled } from './use-scrolled';

describe('useScrolled', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    window.scrollY = 0;
  });

  /** A frame: 16 ms with fake timers. */
  const nextFrame = () => act(() => vi.advanceTimersByTimeAsync(20));

  const scrollTo = (y: number) =>
    act(() => {
      window.scrollY = y;
      window.dispatchEvent(new Event('scroll'));
    });

  it('follows scrolling beyond the threshold, both ways', async () => {
    const { result } = renderHook(() => useScrolled(10));
    await nextFrame();
    expect(result.current).toBe(false);
    scrollTo(10);
    expect(result.current).toBe(false);
    scrollTo(11);
    expect(result.current).toBe(true);
    scrollTo(0);
    expect(result.current).toBe(false);
  });

  it('reads where the page already is in the next frame, not as it mounts', async () => {
    window.scrollY = 300;
    const read = vi.spyOn(window, 'scrollY', 'get');
    const { result } = renderHook(() => useScrolled(10));
    expect(read).not.toHaveBeenCalled();
    expect(result.current).toBe(false);
    await nextFrame();
    expect(result.current).toBe(true);
    read.mockRestore();
  });

  it('stops listening once unmounted', async () => {
    const { result, unmount } = renderHook(() => useScrolled(10));
    unmount();
    scrollTo(50);
    await nextFrame();
    expect(result.current).toBe(false);
  });
});
