import type { FaqEntry } from '@contrail/shared/content/faq';
import ChevronDown from 'lucide-react/icons/chevron-down';
import * as Accordion from 'radix-ui/accordion';

/**
 * Seed 001 §4: single-open and collapsible. The questions are headings one level below the
 * heading above the accordion.
 */
export function FaqAccordion({ entries, headingLevel }: { entries: readonly FaqEntry[]; headingLevel: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <Accordion.Root
      type="single"
      collapsible
      className="divide-y divide-border rounded-xl border border-border bg-background"
    >
      {entries.map((entry) => (
        <Accordion.Item key={entry.id} value={entry.id}>
          <Accordion.Header asChild>
            <Heading>
              <Accordion.Trigger className="group flex w-full items-center justify-between gap-4 px-4 py-4 text-left font-semibold hover:bg-subtle focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary sm:px-5">
                <span>{entry.question}</span>
                <ChevronDown
                  className="h-5 w-5 shrink-0 text-muted-foreground transition-transform group-data-[state=open]:rotate-180"
                  aria-hidden
                />
              </Accordion.Trigger>
            </Heading>
          </Accordion.Header>
          <Accordion.Content className="px-4 pb-4 leading-7 text-muted-foreground sm:px-5">
            {entry.answer}
          </Accordion.Content>
        </Accordion.Item>
      ))}
    </Accordion.Root>
  );
}
