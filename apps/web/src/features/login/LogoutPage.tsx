import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { login } from '@marquee/contract';
import { call } from '../../app/api';
import { useSession } from '../../app/session';
import { readToken } from '../../app/storage';
import { Preloader } from '../../ui/Preloader';

/**
 * /logout and /v4/logout: end the session on the server, forget it here, and show the login screen.
 * Staff using a member's account log out of it back into their own (D13.2).
 */
export default function LogoutPage() {
  const { signOut, usingAs, backToAdmin } = useSession();
  const navigate = useNavigate();
  // Once per visit: leaving a member's account changes the session this page reads.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (usingAs !== null) {
      void backToAdmin().then((memberId) =>
        navigate(memberId ? `/admin/users/${memberId}` : '/admin', { replace: true }),
      );
      return;
    }
    const finish = () => {
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
  }, [signOut, navigate, usingAs, backToAdmin]);

  return <Preloader />;
}
