import type { FaqSearchResult } from '@contrail/shared/content/faq-search';
import { FaqAccordion } from './FaqAccordion';

/** Search results grouped under their capitalised category names. */
export function FaqSearchResults({ result }: { result: FaqSearchResult }) {
  return (
    <section aria-label="Search results" aria-live="polite">
      <p className="text-sm text-muted-foreground">
        {result.total === 0
          ? `No questions match "${result.query}". Try other words, or contact us below.`
          : `${result.total} ${result.total === 1 ? 'question matches' : 'questions match'} "${result.query}"`}
      </p>
      {result.groups.map((group) => (
        <div key={group.category} className="mt-6">
          <h2 className="mb-3 text-lg font-bold">{group.label}</h2>
          <FaqAccordion entries={group.entries} headingLevel={3} />
        </div>
      ))}
    </section>
  );
}
