/** A task of its own, at once (a timer chained to timers waits 4 ms). */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}

/**
 * Runs the chunks the page's HTML preloads (a first page's own, which build/prerender-pages.ts
 * lists each before the chunks it imports) from the last to the first, each in a task of its own:
 * a chunk's imports have mostly run before it, so the page's modules run in short tasks rather
 * than in one long task when the page is imported (Lighthouse's Total Blocking Time).
 */
export async function runPreloadedChunks(
  doc: Document = document,
  load: (href: string) => Promise<unknown> = (href) => import(/* @vite-ignore */ href),
): Promise<void> {
  const links = [...doc.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].reverse();
  for (const link of links) {
    await load(link.href);
    await nextTask();
  }
}
