import type { ButtonHTMLAttributes } from 'react';
import { cn } from './cn';

const variants = {
  primary: 'bg-primary-surface text-primary-foreground hover:bg-primary-hover',
  secondary: 'bg-secondary-surface text-secondary-foreground hover:brightness-95',
  accent: 'bg-accent-surface text-accent-foreground hover:brightness-95',
  outline: 'border border-border bg-background text-foreground hover:bg-subtle',
  ghost: 'text-foreground hover:bg-subtle',
  destructive: 'bg-destructive-surface text-destructive-foreground hover:brightness-95',
} as const;

const sizes = {
  sm: 'h-9 px-3 text-sm',
  md: 'h-10 px-4 text-sm',
  lg: 'h-12 px-6 text-base',
  icon: 'h-10 w-10',
} as const;

export type ButtonVariant = keyof typeof variants;

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: keyof typeof sizes;
}

/** The class names of a button, for links that should look like one. */
export function buttonClass(variant: ButtonVariant = 'primary', size: keyof typeof sizes = 'md', extra?: string) {
  return cn(
    'inline-flex items-center justify-center gap-2 rounded-[var(--radius)] font-semibold whitespace-nowrap transition-colors',
    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary',
    'disabled:pointer-events-none disabled:opacity-60',
    variants[variant],
    sizes[size],
    extra,
  );
}

/** A button; a link that should look like one takes `buttonClass` instead. */
export function Button({ variant = 'primary', size = 'md', className, type, ...props }: ButtonProps) {
  return <button type={type ?? 'button'} className={buttonClass(variant, size, className)} {...props} />;
}
