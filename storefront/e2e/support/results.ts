/// <reference types="node" />
import type { Page } from 'playwright-core';

/**
 * The details links of every card the results hold. The cards past the first few come once their
 * place is near the view (SearchResultsPage), so this scrolls there, waits for them all and scrolls
 * back to the top.
 */
export async function allOfferLinks(page: Page): Promise<string[]> {
  const links = page.getByRole('link', { name: /^View details/ });
  await links.first().waitFor();
  // In one step in the page: the placeholder may go between a check and a scroll from here.
  const scrolled = await page.evaluate(() => {
    const rest = document.querySelector('[data-testid="cards-placeholder"]');
    rest?.scrollIntoView();
    return rest !== null;
  });
  if (scrolled) {
    await page.getByTestId('cards-placeholder').waitFor({ state: 'detached' });
    await page.evaluate(() => window.scrollTo(0, 0));
  }
  return links.evaluateAll((all) => all.map((link) => link.getAttribute('href') ?? ''));
}
