import { InputError } from '../errors.js';

export const DEFAULT_ENGINE_URL = 'http://localhost:5000';

/** --url, else CONTRAIL_URL, else the embedded engine's default; normalised without a trailing slash. */
export function engineUrl(option: string | undefined, env: Record<string, string | undefined>): string {
  const raw = option ?? env.CONTRAIL_URL ?? DEFAULT_ENGINE_URL;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new InputError(`--url: "${raw}" is not a URL (like ${DEFAULT_ENGINE_URL})`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new InputError(`--url: "${raw}" must be an http:// or https:// URL`);
  }
  return url.origin + url.pathname.replace(/\/+$/, '');
}
