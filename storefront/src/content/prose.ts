/** Readable long-form text without a typography plugin: spacing, lists, links and tables. */
export const proseClass = [
  'max-w-none text-base leading-7 text-foreground break-words',
  '[&_p]:mt-3 [&_p:first-child]:mt-0',
  '[&_ul]:mt-3 [&_ul]:list-disc [&_ul]:space-y-1.5 [&_ul]:pl-6',
  '[&_ol]:mt-3 [&_ol]:list-decimal [&_ol]:space-y-1.5 [&_ol]:pl-6',
  '[&_h3]:mt-6 [&_h3]:text-lg [&_h3]:font-semibold',
  '[&_a]:font-medium [&_a]:text-primary-text [&_a]:underline [&_a]:underline-offset-2',
  '[&_strong]:font-semibold',
].join(' ');
