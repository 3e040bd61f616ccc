import { PRICE_CHANGE_TEXT, type PriceChange } from '@contrail/shared/booking/price-change';
import { formatPrice } from '@contrail/shared/results/format';
import { backToSearchUrl } from '@contrail/shared/results/search-links';
import * as Dialog from 'radix-ui/dialog';
import { useNavigate } from 'react-router';
import { loadLastSearch } from '../app/local-store';
import { Button } from '../ui/button';

export interface PriceChangeDialogProps {
  change: PriceChange;
  /** The traveller accepts: the card is authorized for the new total, and the booking goes on with the form as it is. */
  onAccept: () => void;
  /** The dialog closes without accepting (Escape, or the way back to search). */
  onDismiss: () => void;
}

/**
 * Issue 36: the price changed between search and payment. The old and new totals side by side;
 * accepting keeps every passenger's details and seats (the page never left), going back leads to
 * the search the booking came from. Radix Dialog: focus is trapped, Escape closes, the title and
 * description are what a screen reader announces.
 */
export function PriceChangeDialog({ change, onAccept, onDismiss }: PriceChangeDialogProps) {
  const navigate = useNavigate();
  const backToSearch = () => {
    onDismiss();
    void navigate(backToSearchUrl(new URLSearchParams(window.location.search), loadLastSearch()));
  };
  const went = change.newTotal > change.previousTotal ? 'up' : 'down';
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onDismiss()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 grid max-h-[90vh] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-xl border border-border bg-background p-5 text-foreground shadow-xl sm:p-6">
          <Dialog.Title className="text-lg font-bold">{PRICE_CHANGE_TEXT.title}</Dialog.Title>
          <Dialog.Description className="text-sm">{PRICE_CHANGE_TEXT.description}</Dialog.Description>
          <dl className="grid grid-cols-2 gap-3 rounded-lg bg-subtle p-4" aria-label={`The price went ${went}`}>
            <div>
              <dt className="text-sm text-muted-foreground">{PRICE_CHANGE_TEXT.previous}</dt>
              <dd className="text-lg tabular-nums line-through">
                {formatPrice(change.previousTotal, change.currency)}
              </dd>
            </div>
            <div>
              <dt className="text-sm text-muted-foreground">{PRICE_CHANGE_TEXT.current}</dt>
              <dd className="text-lg font-bold tabular-nums">{formatPrice(change.newTotal, change.currency)}</dd>
            </div>
          </dl>
          <p className="text-sm text-muted-foreground">{PRICE_CHANGE_TEXT.acceptNote}</p>
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
            <Button variant="outline" onClick={backToSearch}>
              {PRICE_CHANGE_TEXT.back}
            </Button>
            <Button onClick={onAccept}>{PRICE_CHANGE_TEXT.accept}</Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
