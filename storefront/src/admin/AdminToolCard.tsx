import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '../ui/button';
import { Card } from '../ui/card';

/** One of the admin tools the settings page leads to: what it is for, and the link that opens it. */
export function AdminToolCard({
  title,
  description,
  to,
  icon,
  action,
}: {
  title: string;
  description: string;
  to: string;
  icon: ReactNode;
  action: string;
}) {
  return (
    <Card className="flex flex-wrap items-center justify-between gap-4 p-6">
      <div>
        <h2 className="text-lg font-semibold text-foreground">{title}</h2>
        <p className="mt-1 text-sm text-muted-foreground">{description}</p>
      </div>
      <Link to={to} className={buttonClass('outline')}>
        {icon} {action}
      </Link>
    </Card>
  );
}
