import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compile } from '@tailwindcss/node';
import { Scanner } from '@tailwindcss/oxide';

const storefront = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SOURCES = [path.join(storefront, 'src'), path.resolve(storefront, '../shared/src')];

/**
 * Every Tailwind utility class the storefront's source uses, with its variants (`md:hidden`), as
 * Tailwind itself finds them: the words its scanner picks from the source that its compiler turns
 * into a rule of the storefront's stylesheet.
 */
export async function usedUtilities(): Promise<string[]> {
  const stylesheet = path.join(storefront, 'src/index.css');
  const compiler = await compile(readFileSync(stylesheet, 'utf8'), {
    base: path.dirname(stylesheet),
    onDependency: () => {},
  });
  const candidates = new Scanner({
    sources: [
      ...SOURCES.map((base) => ({ base, pattern: '**/*', negated: false })),
      // Lists every class of the groups it keeps, used or not.
      { base: path.join(storefront, 'src/ui'), pattern: 'style-merge-config.ts', negated: true },
    ],
  }).scan();
  const css = compiler.build(candidates);
  return candidates.filter((candidate) => css.includes(`.${escapeClass(candidate)}`)).sort();
}

function escapeClass(name: string): string {
  return name.replace(/[^a-zA-Z0-9_-]/g, (character) => `\\${character}`);
}
