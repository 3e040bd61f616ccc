import type { ReactNode } from 'react';
import { PageHeader } from './PageHeader';
import { proseClass } from './prose';
import { TableOfContents } from './TableOfContents';

export interface PolicySection {
  id: string;
  title: string;
  body: ReactNode;
}

interface PolicyPageProps {
  title: string;
  lead: ReactNode;
  meta?: ReactNode;
  sections: readonly PolicySection[];
}

/** A long policy page: title band, numbered sections and their table of contents. */
export function PolicyPage({ title, lead, meta, sections }: PolicyPageProps) {
  return (
    <article>
      <PageHeader title={title} lead={lead} meta={meta} />
      <div className="mx-auto grid max-w-6xl gap-x-12 px-4 py-10 sm:px-6 lg:grid-cols-[16rem_minmax(0,1fr)]">
        <div className="min-w-0">
          <TableOfContents items={sections} />
        </div>
        <div className="min-w-0 max-w-3xl">
          {sections.map((section, index) => (
            <section
              key={section.id}
              id={section.id}
              aria-labelledby={`${section.id}-title`}
              className="scroll-mt-24 border-b border-border py-8 first:pt-0 last:border-b-0"
            >
              <h2 id={`${section.id}-title`} className="text-xl font-bold sm:text-2xl">
                {index + 1}. {section.title}
              </h2>
              <div className={`mt-4 ${proseClass}`}>{section.body}</div>
            </section>
          ))}
        </div>
      </div>
    </article>
  );
}
