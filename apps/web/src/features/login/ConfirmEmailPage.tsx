import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { login } from '@marquee/contract';
import { call } from '../../app/api';
import { useSession } from '../../app/session';
import { PageLoading } from '../../ui/Preloader';
import { AuthFrame, messageOf } from './AuthFrame';

type Outcome =
  { kind: 'confirming' } | { kind: 'confirmed'; message: string } | { kind: 'failed'; message: string };

/** One request per link, even when the page is drawn twice: a second would find the link spent. */
const asked = new Map<string, ReturnType<typeof confirm>>();
const confirm = (token: string) => call(login.confirmEmail, { token });

/** The page the confirmation mail links to (D2.4): confirms the address, pays the welcome points, signs in. */
export default function ConfirmEmailPage() {
  const token = new URLSearchParams(window.location.search).get('token') ?? '';
  const { signIn } = useSession();
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'confirming' });

  useEffect(() => {
    let live = true;
    let request = asked.get(token);
    if (!request) {
      request = token ? confirm(token) : Promise.reject(new Error(login.CONFIRM_EXPIRED));
      asked.set(token, request);
    }
    request.then(
      (answer) => {
        if (!live) return;
        signIn(answer.token, answer.user);
        setOutcome({ kind: 'confirmed', message: answer.message });
      },
      (failure: unknown) => {
        if (live) setOutcome({ kind: 'failed', message: messageOf(failure) });
      },
    );
    return () => {
      live = false;
    };
  }, [token, signIn]);

  return (
    <AuthFrame title="Confirm your email address">
      <h1 className="mb-3 text-center">
        {outcome.kind === 'confirmed' ? 'Email address confirmed' : 'Confirm your email address'}
      </h1>
      {outcome.kind === 'confirming' && <PageLoading label="Confirming your email address…" />}
      {outcome.kind === 'confirmed' && (
        <>
          <p className="text-center" role="status">
            {outcome.message}
          </p>
          <Link to="/getting-started" className="btn btn-accent btn-lg w-100">
            Get Started
          </Link>
        </>
      )}
      {outcome.kind === 'failed' && (
        <>
          <div className="alert alert-danger" role="alert">
            {outcome.message}
          </div>
          <p className="text-center mb-0">
            <Link to="/login" className="fw-semibold">
              Go to log in
            </Link>
          </p>
        </>
      )}
    </AuthFrame>
  );
}
