import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useCurrentUserQuery } from '../account/authApi';
import { toast } from '../ui/use-toast';

export const ACCESS_DENIED_TITLE = 'Access Denied';
export const ADMIN_SETTINGS_DENIED = "You don't have permission to access admin settings.";

/** Seed 001 §2: an answer of 401 or 403 from an admin call means "not for you". */
export function isDenied(error: unknown): boolean {
  const status = (error as { status?: unknown } | undefined)?.status;
  return status === 401 || status === 403;
}

export type AdminAccess = 'checking' | 'admin' | 'denied';

/**
 * Who may see an admin page: signed-out visitors go to the sign-in page, which brings them back;
 * non-admins, or anyone an admin call answered 401/403 (`deniedByServer`), are sent to / with the
 * "Access Denied" notice, once.
 */
export function useAdminAccess(description: string, deniedByServer = false): AdminAccess {
  const { data: user, isLoading, isError, error } = useCurrentUserQuery();
  const navigate = useNavigate();
  const location = useLocation();
  const sent = useRef(false);
  const signedOut = !isLoading && !isError && user === null;
  // When the user call fails otherwise, the admin calls themselves decide (the server is the authority).
  const access: AdminAccess =
    deniedByServer || (!isLoading && !isError && !user?.isAdmin) || (isError && isDenied(error))
      ? 'denied'
      : isLoading
        ? 'checking'
        : 'admin';

  useEffect(() => {
    if (access !== 'denied' || sent.current) return;
    sent.current = true;
    if (signedOut && !deniedByServer) {
      const back = `${location.pathname}${location.search}`;
      void navigate(`/login?redirect=${encodeURIComponent(back)}`, { replace: true });
      return;
    }
    toast({ title: ACCESS_DENIED_TITLE, description, variant: 'destructive' });
    void navigate('/', { replace: true });
  }, [access, description, navigate, signedOut, deniedByServer, location.pathname, location.search]);

  return access;
}
