import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { login } from '@marquee/contract';
import { call } from '../../app/api';
import { useSession } from '../../app/session';
import { readToken } from '../../app/storage';
import { Preloader } from '../../ui/Preloader';

/** /logout and /v4/logout: end the session on the server, forget it here, and show the login screen. */
export default function LogoutPage() {
  const { signOut } = useSession();
  const navigate = useNavigate();

  useEffect(() => {
    let current = true;
    const finish = () => {
      if (!current) return;
      signOut();
      navigate('/home', { replace: true });
    };
    if (!readToken()) {
      finish();
      return;
    }
    // Signed out here whatever the server answers: an ended session is already what we want.
    call(login.logout, undefined, { handleLoggedOut: 'caller' })
      .catch((failure: unknown) => console.warn('Marquee: log out call failed', failure))
      .finally(finish);
    return () => {
      current = false;
    };
  }, [signOut, navigate]);

  return <Preloader />;
}
