import type { Brand } from '@contrail/shared/brand/brand';
import { DEFAULT_BRAND, DEFAULT_BRAND_KEY } from '@contrail/shared/brand/default-brand';

/** `unavailable`: the brand is disabled; its domain shows a neutral page, no brand's look. */
export type BrandStatus = 'loading' | 'loaded' | 'failed' | 'unavailable';

export interface BrandState {
  status: BrandStatus;
  brand: Brand;
  error?: string;
}

export const INITIAL_BRAND_STATE: BrandState = { status: 'loading', brand: DEFAULT_BRAND };

/** The server may send only part of a brand (seed 000 §7 reads name, logo, theme); the rest is the default's. */
async function withDefaults(key: string, body: unknown): Promise<Brand | null> {
  if (!body || typeof body !== 'object') return null;
  const data = body as Record<string, unknown>;
  const part = (name: 'theme' | 'contact' | 'social') =>
    data[name] && typeof data[name] === 'object' ? (data[name] as object) : {};
  // Loaded only for a brand other than the default, so the first page of the default brand needs no zod.
  const { brandSchema } = await import('@contrail/shared/brand/brand');
  const parsed = brandSchema.safeParse({
    ...DEFAULT_BRAND,
    ...data,
    key: typeof data.key === 'string' ? data.key : key,
    theme: { ...DEFAULT_BRAND.theme, ...part('theme') },
    contact: { ...DEFAULT_BRAND.contact, ...part('contact') },
    social: { ...DEFAULT_BRAND.social, ...part('social') },
  });
  return parsed.success ? parsed.data : null;
}

function failed(error: string): BrandState {
  console.error(error);
  return { status: 'failed', brand: DEFAULT_BRAND, error };
}

/**
 * Seed 000 §4/§8: the default key or a 404 give the default brand; a 410 (a disabled brand) gives
 * none; any other failure keeps the error ("Failed to load brand: {status text}") and uses the
 * default brand.
 */
export async function loadBrand(key: string, fetchImpl: typeof fetch = fetch): Promise<BrandState> {
  if (key === DEFAULT_BRAND_KEY) return { status: 'loaded', brand: DEFAULT_BRAND };
  let response: Response;
  try {
    response = await fetchImpl(`/api/brands/${encodeURIComponent(key)}`, { credentials: 'include' });
  } catch (error) {
    return failed(`Failed to load brand: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (response.status === 404) return { status: 'loaded', brand: DEFAULT_BRAND };
  if (response.status === 410) return { status: 'unavailable', brand: DEFAULT_BRAND };
  if (!response.ok) return failed(`Failed to load brand: ${response.statusText || response.status}`);
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    return failed('Failed to load brand: the answer was not JSON');
  }
  const brand = await withDefaults(key, body);
  return brand ? { status: 'loaded', brand } : failed('Failed to load brand: the brand configuration is invalid');
}
