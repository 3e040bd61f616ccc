import type { Page } from 'playwright-core';

/** Resizes the page and waits until it has laid itself out at that width and stopped animating. */
export async function resizeTo(page: Page, width: number, height: number): Promise<void> {
  await page.setViewportSize({ width, height });
  await page.waitForFunction((expected) => window.innerWidth === expected, width);
  await settled(page);
}

/**
 * Two frames painted and every running CSS transition or animation finished (a tab fading to its
 * colours is not yet what axe or a screenshot should judge).
 */
export async function settled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));
    const running = document
      .getAnimations()
      .filter((animation) => animation.effect?.getTiming().iterations !== Infinity);
    await Promise.all(running.map((animation) => animation.finished.catch(() => undefined)));
  });
}
