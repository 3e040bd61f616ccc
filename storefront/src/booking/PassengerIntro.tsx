import { PASSPORT_BANNER } from '@contrail/shared/booking/international';
import IdCard from 'lucide-react/icons/id-card';
import type { ReactNode } from 'react';

/**
 * The passenger step's heading, its notices (`children`) and the passport note on an international
 * trip. The engine's first HTML for a listed offer renders it too (app/server/offer-summary.tsx).
 */
export function PassengerIntro({ passportRequired, children }: { passportRequired: boolean; children?: ReactNode }) {
  return (
    <>
      <h2 className="text-2xl font-bold">Passenger Details</h2>
      {children}
      {passportRequired && (
        <p
          role="note"
          className="flex items-start gap-2 rounded-lg border border-primary/30 bg-primary/5 px-4 py-3 text-sm"
        >
          <IdCard className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          {PASSPORT_BANNER}
        </p>
      )}
    </>
  );
}
