import { dismissToast, toast } from './toast-store';

export type { ToastInput, ToastVariant } from './toast-store';
export { toast, dismissToast };

/** `const { toast } = useToast(); toast({ title: 'Login successful' })`. */
export function useToast() {
  return { toast, dismiss: dismissToast };
}
