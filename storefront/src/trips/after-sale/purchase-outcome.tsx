import { AUTHENTICATION_REQUIRED } from '@contrail/shared/booking/refusal-codes';
import type { ReactNode } from 'react';
import { errorMessage } from '../../app/api-error';

/** A purchase mutation's state, as RTK Query gives it. */
interface Bought {
  isError: boolean;
  error?: unknown;
  data?: { success: boolean; message: string; error?: string } | undefined;
}

/** The engine's word once the purchase went through. */
export function PurchaseDone({ bought }: { bought: Bought }) {
  return (
    <p role="status" className="text-sm font-semibold">
      {bought.data?.message}
    </p>
  );
}

/** Why the purchase did not go through (a refusal or a failed call), or nothing. */
export function PurchaseFailure({ bought }: { bought: Bought }) {
  if (!bought.isError && bought.data?.success !== false) return null;
  if (bought.data?.error === AUTHENTICATION_REQUIRED)
    return (
      <p role="status" className="font-medium">
        Taking you to your bank to confirm this payment…
      </p>
    );
  return (
    <p role="alert" className="font-medium text-destructive-text">
      {bought.data?.message ?? errorMessage(bought.error)}
    </p>
  );
}

/** What a panel shows while its options load or when they failed to: null once they are there. */
export function OptionsState({
  query,
  loading,
}: {
  query: { isLoading: boolean; isError: boolean; error?: unknown };
  loading: string;
}): ReactNode {
  if (query.isLoading) return <p role="status">{loading}</p>;
  if (!query.isError) return null;
  return (
    <p role="alert" className="text-sm font-medium text-destructive-text">
      {errorMessage(query.error)}
    </p>
  );
}
