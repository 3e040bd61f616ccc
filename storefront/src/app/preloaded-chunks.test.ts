import { runPreloadedChunks } from './preloaded-chunks';

function pageWith(hrefs: string[]): Document {
  const doc = document.implementation.createHTMLDocument();
  for (const href of hrefs) {
    const link = doc.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    doc.head.append(link);
  }
  const other = doc.createElement('link');
  other.rel = 'stylesheet';
  other.href = 'http://localhost/assets/index.css';
  doc.head.append(other);
  return doc;
}

describe('runPreloadedChunks', () => {
  it('runs the preloaded chunks from the last to the first, not the other links', async () => {
    const doc = pageWith(['http://localhost/assets/page.js', 'http://localhost/assets/leaf.js']);
    const ran: string[] = [];
    await runPreloadedChunks(doc, async (href) => {
      ran.push(href);
    });
    expect(ran).toEqual(['http://localhost/assets/leaf.js', 'http://localhost/assets/page.js']);
  });

  it('waits for each chunk before the next', async () => {
    const doc = pageWith(['http://localhost/assets/a.js', 'http://localhost/assets/b.js']);
    const events: string[] = [];
    await runPreloadedChunks(doc, async (href) => {
      events.push(`start ${href.slice(-4)}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
      events.push(`end ${href.slice(-4)}`);
    });
    expect(events).toEqual(['start b.js', 'end b.js', 'start a.js', 'end a.js']);
  });

  it('does nothing on a page without preloads', async () => {
    const load = vi.fn(async () => undefined);
    await runPreloadedChunks(pageWith([]), load);
    expect(load).not.toHaveBeenCalled();
  });
});
