import { useNavigate } from 'react-router';
import { useLogoutMutation } from '../../account/authApi';

/** Seed 001 §7: a successful logout goes to /; a failure is only logged. */
export function useLogout() {
  const [logout] = useLogoutMutation();
  const navigate = useNavigate();
  return async () => {
    try {
      await logout().unwrap();
      void navigate('/');
    } catch (error) {
      console.error('Logout failed', error);
    }
  };
}
