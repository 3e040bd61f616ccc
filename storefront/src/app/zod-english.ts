/**
 * Sets zod's English messages unless zod classic, which sets them as it loads, already has. Says
 * whether it had to: a check made before then gave "Invalid input" for every fault.
 */
export async function setZodEnglish(): Promise<boolean> {
  const [{ config }, { default: english }] = await Promise.all([import('zod/v4/core'), import('zod/v4/locales/en.js')]);
  if (config().localeError) return false;
  config(english());
  return true;
}
