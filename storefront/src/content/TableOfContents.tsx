import { useEffect, useState } from 'react';
import { cn } from '../ui/cn';

export interface TocItem {
  id: string;
  title: string;
}

/** The section whose heading was last scrolled past the top of the viewport. */
function useActiveSection(ids: readonly string[]): string | undefined {
  const [active, setActive] = useState<string | undefined>(ids[0]);
  useEffect(() => {
    if (typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        const visible = entries
          .filter((entry) => entry.isIntersecting)
          .sort((a, b) => a.boundingClientRect.top - b.boundingClientRect.top);
        if (visible[0]) setActive(visible[0].target.id);
      },
      { rootMargin: '-80px 0px -60% 0px' },
    );
    for (const id of ids) {
      const element = document.getElementById(id);
      if (element) observer.observe(element);
    }
    return () => observer.disconnect();
  }, [ids]);
  return active;
}

function Links({ items, active }: { items: readonly TocItem[]; active: string | undefined }) {
  return (
    <ol className="grid gap-1 text-sm">
      {items.map((item, index) => (
        <li key={item.id}>
          <a
            href={`#${item.id}`}
            aria-current={item.id === active ? 'location' : undefined}
            className={cn(
              'flex gap-2 rounded-md px-2 py-1.5 text-muted-foreground hover:bg-muted hover:text-foreground',
              'focus-visible:outline-2 focus-visible:outline-primary',
              item.id === active && 'bg-muted font-semibold text-foreground',
            )}
          >
            <span className="tabular-nums">{index + 1}.</span>
            <span>{item.title}</span>
          </a>
        </li>
      ))}
    </ol>
  );
}

/**
 * In-page contents for long pages: a sticky side list from 1024 px, a collapsible box above the
 * text on smaller screens.
 */
export function TableOfContents({ items }: { items: readonly TocItem[] }) {
  const active = useActiveSection(items.map((item) => item.id));
  return (
    <>
      <details className="mb-8 rounded-xl border border-border bg-background lg:hidden">
        <summary className="cursor-pointer list-inside px-4 py-3 font-semibold">On this page</summary>
        <nav aria-label="On this page" className="border-t border-border px-2 py-2">
          <Links items={items} active={undefined} />
        </nav>
      </details>
      <nav aria-label="Contents" className="sticky top-24 hidden max-h-[calc(100vh-7rem)] overflow-y-auto lg:block">
        <p className="px-2 pb-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase">Contents</p>
        <Links items={items} active={active} />
      </nav>
    </>
  );
}
