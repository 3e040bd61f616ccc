import X from 'lucide-react/icons/x';
import * as Toast from 'radix-ui/toast';
import { useSyncExternalStore } from 'react';
import { cn } from './cn';
import { currentToast, dismissToast, subscribeToasts } from './toast-store';

/** Seed 000 §9 toast constants. */
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_HOTKEY = ['F8'];

/** The notification area: top on small screens, bottom right from 640 px; F8 focuses it. */
export function Toaster() {
  const message = useSyncExternalStore(subscribeToasts, currentToast, currentToast);
  return (
    <Toast.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}>
      {message && (
        <Toast.Root
          key={message.id}
          duration={message.duration ?? TOAST_DURATION_MS}
          onOpenChange={(open) => {
            if (!open) dismissToast(message.id);
          }}
          className={cn(
            'group pointer-events-auto relative flex w-full items-start gap-3 rounded-lg border p-4 pr-10 shadow-lg',
            'data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=cancel]:translate-x-0',
            'data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)] data-[state=closed]:opacity-0',
            'transition-[transform,opacity] duration-200',
            message.variant === 'destructive'
              ? 'border-destructive-surface bg-destructive-surface text-destructive-foreground'
              : 'border-border bg-background text-foreground',
          )}
        >
          <div className="grid gap-1">
            <Toast.Title className="text-sm font-semibold">{message.title}</Toast.Title>
            {message.description && <Toast.Description className="text-sm">{message.description}</Toast.Description>}
          </div>
          <Toast.Close
            aria-label="Close"
            className="absolute top-2 right-2 rounded-md p-1 hover:bg-black/10 focus-visible:outline-2 focus-visible:outline-current"
          >
            <X className="h-4 w-4" aria-hidden />
          </Toast.Close>
        </Toast.Root>
      )}
      <Toast.Viewport
        hotkey={TOAST_HOTKEY}
        className="fixed top-0 z-[100] flex max-h-screen w-full flex-col p-4 sm:top-auto sm:right-0 sm:bottom-0 sm:max-w-[420px]"
      />
    </Toast.Provider>
  );
}
