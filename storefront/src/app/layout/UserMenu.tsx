import { avatarLetter } from '@contrail/shared/accounts/avatar';
import type { CurrentUser } from '@contrail/shared/accounts/schemas';
import LogOut from 'lucide-react/icons/log-out';
import Plane from 'lucide-react/icons/plane';
import Settings from 'lucide-react/icons/settings';
import ShieldCheck from 'lucide-react/icons/shield-check';
import * as DropdownMenu from 'radix-ui/dropdown-menu';
import { useNavigate } from 'react-router';
import { useLogout } from './use-logout';

const itemClass =
  'flex cursor-pointer items-center gap-2 rounded-md px-2 py-2 text-sm outline-none data-[highlighted]:bg-muted';

/** The avatar menu of seed 001 §2: My Account, with Admin Settings only for admins. */
export function UserMenu({ user }: { user: CurrentUser }) {
  const navigate = useNavigate();
  const logout = useLogout();
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        aria-label="Open account menu"
        className="flex h-10 w-10 items-center justify-center rounded-full bg-primary-surface font-semibold text-primary-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
      >
        {avatarLetter(user)}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          className="z-50 min-w-52 rounded-lg border border-border bg-background p-1 text-foreground shadow-lg"
        >
          <DropdownMenu.Label className="px-2 py-1.5 text-sm font-semibold">My Account</DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          <DropdownMenu.Item className={itemClass} onSelect={() => void navigate('/my-trips')}>
            <Plane className="h-4 w-4" aria-hidden /> My Trips
          </DropdownMenu.Item>
          <DropdownMenu.Item className={itemClass} onSelect={() => void navigate('/account-settings')}>
            <Settings className="h-4 w-4" aria-hidden /> Account Settings
          </DropdownMenu.Item>
          {user.isAdmin && (
            <DropdownMenu.Item className={itemClass} onSelect={() => void navigate('/admin-settings')}>
              <ShieldCheck className="h-4 w-4" aria-hidden /> Admin Settings
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          <DropdownMenu.Item className={itemClass} onSelect={() => void logout()}>
            <LogOut className="h-4 w-4" aria-hidden /> Log Out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
