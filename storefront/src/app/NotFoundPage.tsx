import AlertCircle from 'lucide-react/icons/circle-exclamation-point';
import { Link } from 'react-router';
import { buttonClass } from '../ui/button';
import { Card } from '../ui/card';

/** Seed 000 §2 fallback card for any unknown path. */
export function NotFoundPage() {
  return (
    <div className="flex min-h-[60vh] w-full items-center justify-center px-4 py-16">
      <Card className="w-full max-w-md p-6">
        <div className="flex items-center gap-2">
          <AlertCircle className="h-8 w-8 text-destructive-text" aria-hidden />
          <h1 className="text-2xl font-bold">404 Page Not Found</h1>
        </div>
        <p className="mt-4 text-sm text-muted-foreground">Did you forget to add the page to the router?</p>
        {/* Issue 20: never a dead end. */}
        <Link to="/" className={buttonClass('primary', 'md', 'mt-6')}>
          Go to the home page
        </Link>
      </Card>
    </div>
  );
}
