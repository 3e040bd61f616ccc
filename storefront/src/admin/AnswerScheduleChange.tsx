import type { ScheduleChangeView } from '@contrail/shared/booking/schedule-change';
import { formatPrice } from '@contrail/shared/results/format';
import { accessReasonSchema } from '@contrail/shared/support-desk/contracts';
import {
  staffScheduleChangeLabels as labels,
  type ScheduleChangeAnswer,
} from '@contrail/shared/support-desk/schedule-change-answer';
import * as Dialog from 'radix-ui/dialog';
import { useId, useState } from 'react';
import { errorMessage } from '../app/api-error';
import { Button } from '../ui/button';
import { cn } from '../ui/cn';
import { FieldError } from '../ui/field-error';
import { Spinner } from '../ui/spinner';
import { useAnswerScheduleChangeMutation } from './scheduleChangeQueueApi';

const TEXT: Record<ScheduleChangeAnswer, { title: string; description: string; confirm: string }> = {
  accept: { title: labels.acceptTitle, description: labels.acceptDescription, confirm: labels.confirmAccept },
  cancel: { title: labels.cancelTitle, description: labels.cancelDescription, confirm: labels.confirmCancel },
};

/**
 * Support answers an airline's schedule change for the traveller (issue #36): accept the new times,
 * or cancel with a full refund. A dialog confirms and asks why; the reason and the member's name go
 * on the booking. `onAnswered` gets what to announce: the answered change leaves the queue.
 */
export function AnswerScheduleChange({
  change,
  onAnswered,
}: {
  change: ScheduleChangeView;
  onAnswered: (changeId: string, message: string) => void;
}) {
  const [answer, setAnswer] = useState<ScheduleChangeAnswer | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const [problem, setProblem] = useState<string | undefined>();
  const [send, sending] = useAnswerScheduleChangeMutation();
  const inputId = useId();
  const reference = change.reference ?? change.bookingId;

  const open = (chosen: ScheduleChangeAnswer) => {
    setAnswer(chosen);
    setReasonError(undefined);
    setProblem(undefined);
  };

  const confirm = async (chosen: ScheduleChangeAnswer) => {
    const parsed = accessReasonSchema.safeParse(reason);
    setReasonError(parsed.success ? undefined : parsed.error.issues[0]!.message);
    if (!parsed.success) return;
    setProblem(undefined);
    const result = await send({
      bookingId: change.bookingId,
      changeId: change.changeId,
      answer: chosen,
      reason: parsed.data,
    });
    if ('error' in result) {
      setProblem(errorMessage(result.error, 'The answer could not be recorded. Please try again.'));
      return;
    }
    const refund = result.data.refund
      ? ` ${formatPrice(result.data.refund.amount, result.data.refund.currency)} refunded.`
      : '';
    setAnswer(null);
    setReason('');
    onAnswered(change.changeId, `${reference}: ${result.data.message.replace(/\.?$/, '.')}${refund}`);
  };

  const text = answer ? TEXT[answer] : undefined;
  return (
    <div className="flex flex-wrap gap-2">
      <Button type="button" size="sm" onClick={() => open('accept')} aria-label={`${labels.accept}: ${reference}`}>
        {labels.accept}
      </Button>
      <Button
        type="button"
        size="sm"
        variant="outline"
        onClick={() => open('cancel')}
        aria-label={`${labels.cancel}: ${reference}`}
      >
        {labels.cancel}
      </Button>
      <Dialog.Root open={answer !== null} onOpenChange={(isOpen) => !isOpen && !sending.isLoading && setAnswer(null)}>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
          <Dialog.Content className="fixed top-1/2 left-1/2 z-50 grid max-h-[90vh] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-xl border border-border bg-background p-5 text-foreground shadow-xl sm:p-6">
            {answer && text && (
              <form
                className="grid gap-4"
                onSubmit={(event) => {
                  event.preventDefault();
                  void confirm(answer);
                }}
              >
                <Dialog.Title className="text-lg font-bold">{text.title}</Dialog.Title>
                <Dialog.Description className="text-sm">
                  Booking <span className="font-mono font-semibold">{reference}</span>. {text.description}
                </Dialog.Description>
                <div>
                  <label htmlFor={inputId} className="block text-sm font-medium text-foreground">
                    {labels.reason}
                  </label>
                  <input
                    id={inputId}
                    value={reason}
                    onChange={(event) => setReason(event.target.value)}
                    maxLength={500}
                    autoComplete="off"
                    aria-invalid={reasonError ? true : undefined}
                    aria-describedby={reasonError ? `${inputId}-error` : undefined}
                    className={cn(
                      'mt-1.5 h-10 w-full rounded-[var(--radius)] border bg-background px-3 text-sm text-foreground',
                      'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary',
                      reasonError ? 'border-destructive' : 'border-border',
                    )}
                  />
                  <FieldError id={`${inputId}-error`} message={reasonError} />
                </div>
                {problem && (
                  <p role="alert" className="text-sm text-destructive-text">
                    {problem}
                  </p>
                )}
                <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
                  <Dialog.Close asChild>
                    <Button type="button" variant="outline" disabled={sending.isLoading}>
                      {labels.back}
                    </Button>
                  </Dialog.Close>
                  <Button
                    type="submit"
                    variant={answer === 'cancel' ? 'destructive' : 'primary'}
                    disabled={sending.isLoading}
                  >
                    {sending.isLoading && <Spinner />} {text.confirm}
                  </Button>
                </div>
              </form>
            )}
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </div>
  );
}
