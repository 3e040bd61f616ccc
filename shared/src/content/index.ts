export * from './policy.js';
export * from './faq.js';
export * from './faq-search.js';
export * from './forms.js';
