import { Spinner } from '../ui/spinner';

export function PageLoading({ label = 'Loading...' }: { label?: string }) {
  return (
    <div role="status" className="flex min-h-screen items-center justify-center gap-2 text-muted-foreground">
      <Spinner className="h-5 w-5" />
      <span>{label}</span>
    </div>
  );
}
