import ArrowLeft from 'lucide-react/icons/arrow-left';
import { Link } from 'react-router';

/** How an admin page's way back looks, a link or a button. */
export const backLinkClass =
  'inline-flex items-center gap-1 rounded-md text-sm font-medium text-primary-text hover:underline focus-visible:outline-2 focus-visible:outline-primary';

/** The link at the top of each admin page, back to the settings that lead to them all. */
export function BackToAdminSettings() {
  return (
    <Link to="/admin-settings" className={backLinkClass}>
      <ArrowLeft className="h-4 w-4" aria-hidden /> Back to Admin Settings
    </Link>
  );
}
