import LoaderCircle from 'lucide-react/icons/loader-circle';
import { cn } from './cn';

export function Spinner({ className }: { className?: string }) {
  return <LoaderCircle className={cn('h-4 w-4 animate-spin', className)} aria-hidden />;
}
