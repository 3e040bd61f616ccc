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
  /** Fetches Radix's parts: the visitor is heading for the trigger. */
  prepare: () => void;
}
const State = createContext<PopoverState | null>(null);

/**
 * Seed 000 §9 popover (Radix), with the same parts and props as Radix's. Until its chunk has loaded
 * (when a pointer comes over the trigger or it takes the focus: the first page's JS carries none of
 * it) the trigger is a plain button that looks and reads the same; a press in that moment opens the
 * popover when it arrives, and a focused trigger keeps the focus.
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

  // Fetched at the first sign the visitor means to open it (a pointer over the trigger, or its
  // focus), not with the page: until then the first screen needs none of it (issue 38). Radix's
  // parts replace the stand-in only once it is opened: swapping the trigger's element between a
  // press and its click would lose the click.
  const [wanted, setWanted] = useState(Boolean(open || defaultOpen));
  const prepare = useCallback(() => void loadPopover().catch(() => undefined), []);
  useEffect(() => {
    if (parts || !(wanted || open)) return;
    let current = true;
    loadPopover().then(
      (module) => {
        if (!current) return;
        refocus.current = triggerRef.current !== null && triggerRef.current === document.activeElement;
        setParts(module);
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [parts, wanted, open]);

  useEffect(() => {
    if (parts && refocus.current) {
      refocus.current = false;
      triggerRef.current?.focus();
    }
  }, [parts]);

  if (!parts) {
    const requestOpen = () => {
      setOpenedEarly(true);
      setWanted(true);
      onOpenChange?.(true);
    };
    return <State value={{ parts, requestOpen, setTrigger, prepare }}>{children}</State>;
  }
  return (
    <State value={{ parts, requestOpen: () => undefined, setTrigger, prepare }}>
      <parts.RadixPopover open={open} defaultOpen={defaultOpen ?? openedEarly} onOpenChange={onOpenChange} {...props}>
        {children}
      </parts.RadixPopover>
    </State>
  );
}

export function PopoverTrigger({
  onClick,
  onPointerEnter,
  onFocus,
  ...props
}: ComponentProps<Radix['RadixPopoverTrigger']>) {
  const state = use(State);
  const parts = state?.parts;
  const setTrigger = state?.setTrigger;
  if (parts) {
    return (
      <parts.RadixPopoverTrigger
        ref={setTrigger}
        onClick={onClick}
        onPointerEnter={onPointerEnter}
        onFocus={onFocus}
        {...props}
      />
    );
  }
  return (
    <button
      ref={setTrigger}
      type="button"
      aria-haspopup="dialog"
      aria-expanded={false}
      data-state="closed"
      onClick={(event) => {
        onClick?.(event);
        state?.requestOpen();
      }}
      onPointerEnter={(event) => {
        onPointerEnter?.(event);
        state?.prepare();
      }}
      onFocus={(event) => {
        onFocus?.(event);
        state?.prepare();
      }}
      {...props}
    />
  );
}

export function PopoverContent(props: ComponentProps<Radix['RadixPopoverContent']>): ReactNode {
  const parts = use(State)?.parts;
  return parts ? <parts.RadixPopoverContent {...props} /> : null;
}
