import type { FaqCategory, FaqEntry, FaqSection } from './faq.js';

export interface FaqSearchGroup {
  category: FaqCategory;
  /** The capitalised category name the results are grouped under ("Booking"). */
  label: string;
  entries: FaqEntry[];
}

export interface FaqSearchResult {
  query: string;
  groups: FaqSearchGroup[];
  /** Entries found across all groups. */
  total: number;
}

export function categoryLabel(category: string): string {
  return category.charAt(0).toUpperCase() + category.slice(1);
}

function termsOf(query: string): string[] {
  return query.toLowerCase().split(/\s+/).filter(Boolean);
}

function matches(entry: FaqEntry, terms: readonly string[]): boolean {
  const text = `${entry.question}\n${entry.answer}`.toLowerCase();
  return terms.every((term) => text.includes(term));
}

/**
 * Seed 001 §2/§4: a keyword search over the question and answer text of every category, results
 * grouped by capitalised category name in the sections' order. Every word of the query must
 * appear (in any order, any case). An empty or whitespace-only query clears: the answer is null.
 */
export function searchFaq(sections: readonly FaqSection[], query: string): FaqSearchResult | null {
  const terms = termsOf(query);
  if (terms.length === 0) return null;
  const groups: FaqSearchGroup[] = [];
  for (const section of sections) {
    const entries = section.entries.filter((entry) => matches(entry, terms));
    if (entries.length > 0)
      groups.push({ category: section.category, label: categoryLabel(section.category), entries });
  }
  return { query: query.trim(), groups, total: groups.reduce((sum, group) => sum + group.entries.length, 0) };
}
