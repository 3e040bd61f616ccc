import type { FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import type { ZodForm } from '../forms/use-zod-form';
import { toast } from '../ui/use-toast';

/** Seed 001 §8: a refused account form shows the engine's field errors and toasts `title` with its message. */
export function showAuthFailure<S extends z.ZodType<FieldValues, FieldValues>>(
  form: ZodForm<S>,
  error: unknown,
  title: string,
  description: string,
) {
  form.showServerErrors(error);
  toast({ title, description, variant: 'destructive' });
}
