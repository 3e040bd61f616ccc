export type ToastVariant = 'default' | 'destructive';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** Milliseconds; seed 000 §9 default is 5000. */
  duration?: number;
}

export interface ToastMessage extends ToastInput {
  id: number;
}

type Listener = () => void;

let current: ToastMessage | null = null;
let nextId = 1;
const listeners = new Set<Listener>();

function emit() {
  for (const listener of listeners) listener();
}

/** Shows a notification; seed 000 §9 allows one at a time, so a new one replaces the old. */
export function toast(input: ToastInput): number {
  current = { ...input, id: nextId++ };
  emit();
  return current.id;
}

/** Closes the given notification, or whichever is showing. */
export function dismissToast(id?: number) {
  if (current && (id === undefined || current.id === id)) {
    current = null;
    emit();
  }
}

export function currentToast(): ToastMessage | null {
  return current;
}

export function subscribeToasts(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
