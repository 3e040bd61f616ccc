import { FAQ, FAQ_CATEGORIES, type FaqCategory } from '@contrail/shared/content/faq';
import { categoryLabel, searchFaq, type FaqSearchResult } from '@contrail/shared/content/faq-search';
import * as Tabs from 'radix-ui/tabs';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { usePageMeta } from '../brand/page-meta';
import { FaqAccordion } from './FaqAccordion';
import { FaqSearchResults } from './FaqSearchResults';
import { PageHeader } from './PageHeader';
import { SearchBox } from './SearchBox';
import { StillNeedHelp } from './StillNeedHelp';
import { tabTriggerClass } from './tab-styles';
import { useBrandContact } from './use-brand-contact';

const isCategory = (value: string | null): value is FaqCategory => FAQ_CATEGORIES.includes(value as FaqCategory);

export function FaqPage() {
  const brand = useBrandContact();
  usePageMeta({
    description: `Answers to common questions about booking, payment, cancellations, changes and travel with ${brand.name}.`,
  });
  const [params, setParams] = useSearchParams();
  const requested = params.get('category');
  const category: FaqCategory = isCategory(requested) ? requested : 'booking';
  const [result, setResult] = useState<FaqSearchResult | null>(null);

  return (
    <div>
      <PageHeader
        width="max-w-4xl"
        title="Frequently Asked Questions"
        lead="Quick answers about booking, payment, cancellations, changes, travel and your account."
      />
      <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
        <SearchBox
          id="faq-search"
          label="Search the FAQ"
          placeholder="Search questions"
          onSearch={(query) => setResult(searchFaq(FAQ, query))}
        />

        <div className="mt-8">
          {result ? (
            <FaqSearchResults result={result} />
          ) : (
            <Tabs.Root
              value={category}
              onValueChange={(value) => setParams({ category: value }, { replace: true, preventScrollReset: true })}
            >
              <Tabs.List
                aria-label="FAQ categories"
                className="grid grid-cols-2 gap-1 rounded-xl bg-muted p-1 sm:grid-cols-3 md:grid-cols-6"
              >
                {FAQ_CATEGORIES.map((key) => (
                  <Tabs.Trigger key={key} value={key} className={tabTriggerClass}>
                    {categoryLabel(key)}
                  </Tabs.Trigger>
                ))}
              </Tabs.List>
              {FAQ.map((section) => (
                <Tabs.Content
                  key={section.category}
                  value={section.category}
                  className="mt-6 focus-visible:outline-2 focus-visible:outline-primary"
                >
                  <FaqAccordion entries={section.entries} headingLevel={2} />
                </Tabs.Content>
              ))}
            </Tabs.Root>
          )}
        </div>

        <StillNeedHelp />
      </div>
    </div>
  );
}
