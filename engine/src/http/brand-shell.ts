import { BRAND_THEME_PATH, NEUTRAL_CLASS, SHELL_NAME, SHELL_PHONE, telHref } from '@contrail/shared/brand/first-paint';
import type { Brand } from '@contrail/shared/brand/brand';
import { escapeHtml } from './escape-html.js';

const NEUTRAL_SHELL = `class="${NEUTRAL_CLASS} `;
const SHELL_TEL = `href="${telHref(SHELL_PHONE)}"`;

/**
 * A prerendered first screen in the brand of the request (issue 33 item 13): its name and phone
 * number in the shell's placeholders (shared/src/brand/first-paint.ts), and its colours: the
 * default brand's are index.css's own, another brand's come from its stylesheet, linked in the
 * head. HTML without a shell (the details and booking pages) only gains the stylesheet.
 */
export function brandedShell(html: string, brand: Brand, isDefault: boolean): string {
  const withBrand = html
    .replaceAll(SHELL_TEL, () => `href="${escapeHtml(telHref(brand.contact.phone))}"`)
    .replaceAll(SHELL_PHONE, () => escapeHtml(brand.contact.phone))
    .replaceAll(SHELL_NAME, () => escapeHtml(brand.name))
    .replaceAll(NEUTRAL_SHELL, 'class="');
  if (isDefault) return withBrand;
  const stylesheet = `<link rel="stylesheet" href="${BRAND_THEME_PATH}?brand=${encodeURIComponent(brand.key)}">`;
  return withBrand.replace('</head>', () => `${stylesheet}</head>`);
}
