import {
  createContext,
  useCallback,
  use,
  useEffect,
  useRef,
  useState,
  type ComponentProps,
  type ReactNode,
} from 'react';
import type * as RadixParts from './radix-popover';

type Radix = typeof RadixParts;

let radix: Radix | undefined;
let loading: Promise<Radix> | undefined;

/** Radix's popover and floating-ui, in their own chunk: loaded once, after the first render that needs them. */
export function loadPopover(): Promise<Radix> {
  loading ??= import('./radix-popover').then((module) => (radix = module));
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}

interface PopoverState {
  /** Radix's parts, once this popover renders with them. */
  parts: Radix | undefined;
  /** Before that: a press on the trigger opens the popover once they arrive. */
  requestOpen: () => void;
  /** The trigger's ref: a focused trigger keeps the focus when Radix's replaces it. */
  setTrigger: (button: HTMLButtonElement | null) => void;
}
const State = createContext<PopoverState | null>(null);

/**
 * Seed 000 §9 popover (Radix), with the same parts and props as Radix's. Until its chunk has loaded
 * (just after the first render: the first page's JS carries none of it) the trigger is a plain
 * button that looks and reads the same; a press in that moment opens the popover when it arrives,
 * and a focused trigger keeps the focus.
 */
export function Popover({
  children,
  open,
  defaultOpen,
  onOpenChange,
  ...props
}: ComponentProps<Radix['RadixPopover']>) {
  const [parts, setParts] = useState(radix);
  const [openedEarly, setOpenedEarly] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);
  const setTrigger = useCallback((button: HTMLButtonElement | null) => {
    triggerRef.current = button;
  }, []);

  useEffect(() => {
    if (parts) return;
    let current = true;
    // In a task of its own: not in the page's first commit, whose effects run in the same long task.
    const timer = window.setTimeout(() => {
      loadPopover().then(
        (module) => {
          if (!current) return;
          refocus.current = triggerRef.current !== null && triggerRef.current === document.activeElement;
          setParts(module);
        },
        () => undefined,
      );
    }, 0);
    return () => {
      current = false;
      window.clearTimeout(timer);
    };
  }, [parts]);

  useEffect(() => {
    if (parts && refocus.current) {
      refocus.current = false;
      triggerRef.current?.focus();
    }
  }, [parts]);

  if (!parts) {
    const requestOpen = () => {
      setOpenedEarly(true);
      onOpenChange?.(true);
    };
    return <State value={{ parts, requestOpen, setTrigger }}>{children}</State>;
  }
  return (
    <State value={{ parts, requestOpen: () => undefined, setTrigger }}>
      <parts.RadixPopover open={open} defaultOpen={defaultOpen ?? openedEarly} onOpenChange={onOpenChange} {...props}>
        {children}
      </parts.RadixPopover>
    </State>
  );
}

export function PopoverTrigger({ onClick, ...props }: ComponentProps<Radix['RadixPopoverTrigger']>) {
  const state = use(State);
  const parts = state?.parts;
  const setTrigger = state?.setTrigger;
  const requestOpen = state?.requestOpen;
  if (parts) return <parts.RadixPopoverTrigger ref={setTrigger} onClick={onClick} {...props} />;
  return (
    <button
      ref={setTrigger}
      type="button"
      aria-haspopup="dialog"
      aria-expanded={false}
      data-state="closed"
      onClick={(event) => {
        onClick?.(event);
        requestOpen?.();
      }}
      {...props}
    />
  );
}

export function PopoverContent(props: ComponentProps<Radix['RadixPopoverContent']>): ReactNode {
  const parts = use(State)?.parts;
  return parts ? <parts.RadixPopoverContent {...props} /> : null;
}
