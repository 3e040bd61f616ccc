import { describe, expect, it } from 'vitest';
import { FAQ, FAQ_CATEGORIES, type FaqSection } from './faq.js';
import { categoryLabel, searchFaq } from './faq-search.js';
import { POLICY } from './policy.js';

const sections: FaqSection[] = [
  {
    category: 'booking',
    entries: [
      { id: 'b1', question: 'How do I book?', answer: 'Search, choose and pay by card.' },
      { id: 'b2', question: 'Can children fly?', answer: 'Yes, with an adult.' },
    ],
  },
  { category: 'payment', entries: [{ id: 'p1', question: 'Which cards?', answer: 'Visa and PayPal.' }] },
  {
    category: 'travel',
    entries: [{ id: 't1', question: 'Passport rules', answer: 'Valid for six months; pay attention.' }],
  },
];

describe('FAQ search', () => {
  it('matches question text and answer text, ignoring case', () => {
    expect(searchFaq(sections, 'CHILDREN')?.groups.flatMap((g) => g.entries.map((e) => e.id))).toEqual(['b2']);
    expect(searchFaq(sections, 'paypal')?.groups.flatMap((g) => g.entries.map((e) => e.id))).toEqual(['p1']);
  });

  it('searches across every category and groups results under the capitalised category name, in order', () => {
    const result = searchFaq(sections, 'pay');
    expect(result?.groups.map((g) => [g.label, g.entries.map((e) => e.id)])).toEqual([
      ['Booking', ['b1']],
      ['Payment', ['p1']],
      ['Travel', ['t1']],
    ]);
    expect(result?.total).toBe(3);
  });

  it('needs every word of the query, in any order', () => {
    expect(searchFaq(sections, 'card search')?.groups.map((g) => g.entries.map((e) => e.id))).toEqual([['b1']]);
    expect(searchFaq(sections, 'adult  yes ')?.groups.map((g) => g.entries.map((e) => e.id))).toEqual([['b2']]);
    expect(searchFaq(sections, 'visa passport')?.groups).toEqual([]);
  });

  it('answers an empty group list (not null) when nothing matches', () => {
    expect(searchFaq(sections, 'zzz')).toEqual({ query: 'zzz', groups: [], total: 0 });
  });

  it('clears on an empty or whitespace-only query', () => {
    expect(searchFaq(sections, '')).toBeNull();
    expect(searchFaq(sections, '   \t ')).toBeNull();
  });

  it('capitalises category names', () => {
    expect(FAQ_CATEGORIES.map(categoryLabel)).toEqual([
      'Booking',
      'Payment',
      'Cancellations',
      'Changes',
      'Travel',
      'Account',
    ]);
  });
});

describe('FAQ content', () => {
  it('has the six categories of five questions each, with unique ids', () => {
    expect(FAQ.map((section) => section.category)).toEqual([...FAQ_CATEGORIES]);
    for (const section of FAQ) expect(section.entries).toHaveLength(5);
    const ids = FAQ.flatMap((section) => section.entries.map((entry) => entry.id));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('states the policy figures of seed 001 §9', () => {
    const all = FAQ.flatMap((section) => section.entries.map((entry) => entry.answer)).join('\n');
    expect(all).toContain(POLICY.refundProcessingFaq);
    expect(all).toContain('7-14 business days');
    expect(all).toContain('within 24-48 hours');
    expect(all).toContain('2 hours before a domestic flight and 3 hours before an international flight');
    expect(all).toContain('30-60 minutes');
    expect(all).toContain('at least 6 months');
    expect(all).toContain('over 18');
    expect(all).toMatch(
      /Visa, MasterCard, American Express, Discover, PayPal, Apple Pay \(on iOS devices\) and Google Pay \(on Android devices\)/,
    );
    expect(all).not.toContain('7 to 30');
  });

  it('finds the real entries a traveller would search for', () => {
    expect(searchFaq(FAQ, 'refund')?.groups.map((g) => g.label)).toContain('Cancellations');
    expect(searchFaq(FAQ, 'Apple Pay')?.groups.map((g) => g.label)).toEqual(['Payment']);
  });
});
