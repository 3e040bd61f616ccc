import type { Airport } from '@contrail/shared/reference/airport';
import { useEffect, useState } from 'react';

export type AirportsState =
  { status: 'loading' } | { status: 'ready'; airports: readonly Airport[] } | { status: 'error' };

let cached: Promise<readonly Airport[]> | null = null;

/** The bundled airport list (seed 000 §3), in its own chunk, loaded once on first use. */
export function loadAirports(): Promise<readonly Airport[]> {
  cached ??= import('@contrail/shared/reference/airports').then((module) => module.airports);
  cached.catch(() => {
    cached = null;
  });
  return cached;
}

export function useAirports(enabled: boolean): AirportsState {
  const [state, setState] = useState<AirportsState>({ status: 'loading' });
  useEffect(() => {
    if (!enabled) return;
    let current = true;
    loadAirports().then(
      (airports) => current && setState({ status: 'ready', airports }),
      () => current && setState({ status: 'error' }),
    );
    return () => {
      current = false;
    };
  }, [enabled]);
  return state;
}
