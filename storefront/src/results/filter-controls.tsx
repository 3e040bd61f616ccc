import * as Slider from 'radix-ui/slider';
import { useId, type ReactNode } from 'react';

// The filter panel's controls: a titled group, a checkbox with a hint, a slider of one or two thumbs.

export function Section({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <fieldset className="border-t border-border py-4 first:border-t-0 first:pt-0" aria-labelledby={headingId}>
      <legend id={headingId} className="float-left mb-2 w-full text-sm font-semibold">
        {title}
      </legend>
      <div className="clear-both">{children}</div>
    </fieldset>
  );
}

export function Check({
  label,
  hint,
  checked,
  onChange,
}: {
  label: string;
  hint?: string;
  checked: boolean;
  onChange: () => void;
}) {
  return (
    <label className="flex cursor-pointer items-start gap-2 rounded-md px-1 py-1 text-sm hover:bg-subtle">
      <input
        type="checkbox"
        checked={checked}
        onChange={onChange}
        className="mt-0.5 h-4 w-4 shrink-0 accent-[var(--brand-primary-surface)] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
      />
      <span className="min-w-0">
        <span className="block">{label}</span>
        {hint && <span className="block text-xs text-muted-foreground">{hint}</span>}
      </span>
    </label>
  );
}

const thumbClass =
  'block h-5 w-5 rounded-full border-2 border-primary-surface bg-background shadow focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary';

export function RangeSlider({
  min,
  max,
  step,
  value,
  labels,
  onChange,
}: {
  min: number;
  max: number;
  step: number;
  value: number[];
  labels: string[];
  onChange: (value: number[]) => void;
}) {
  return (
    <Slider.Root
      className="relative flex h-6 w-full touch-none items-center select-none"
      min={min}
      max={max}
      step={step}
      value={value}
      minStepsBetweenThumbs={0}
      onValueChange={onChange}
    >
      <Slider.Track className="relative h-1.5 grow rounded-full bg-muted">
        <Slider.Range className="absolute h-full rounded-full bg-primary-surface" />
      </Slider.Track>
      {labels.map((label) => (
        <Slider.Thumb key={label} className={thumbClass} aria-label={label} />
      ))}
    </Slider.Root>
  );
}
