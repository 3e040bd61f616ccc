import { createContext, useContext } from 'react';
import type { BrandState } from './load-brand';

export const BrandContext = createContext<BrandState | null>(null);

/** The current brand and its loading state; seed 000 §8: using it outside its provider is an error. */
export function useBrand(): BrandState {
  const state = useContext(BrandContext);
  if (!state) throw new Error('useBrand must be used within a BrandProvider');
  return state;
}
