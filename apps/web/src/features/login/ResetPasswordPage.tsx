import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { login } from '@marquee/contract';
import { call } from '../../app/api';
import { useSession } from '../../app/session';
import { PageLoading } from '../../ui/Preloader';
import { AuthFrame, messageOf } from './AuthFrame';

const MISMATCH = 'The values for your new password do not match each other!';

type LinkState =
  { kind: 'checking' } | { kind: 'valid'; username: string } | { kind: 'expired'; message: string };

/** The page a reset mail links to: check the link, then set the new password and sign in. */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const { signIn } = useSession();
  const [link, setLink] = useState<LinkState>({ kind: 'checking' });
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    call(login.checkResetToken, { token }, { signal: controller.signal }).then(
      (answer) =>
        setLink(
          answer.status === 'success'
            ? { kind: 'valid', username: answer.username }
            : { kind: 'expired', message: answer.message },
        ),
      (failure: unknown) => {
        if (!controller.signal.aborted) setLink({ kind: 'expired', message: messageOf(failure) });
      },
    );
    return () => controller.abort();
  }, [token]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (password !== confirm) {
      setError(MISMATCH);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const answer = await call(login.completePasswordReset, { token, password });
      signIn(answer.token, answer.user);
      navigate('/home', { replace: true });
    } catch (failure) {
      setError(messageOf(failure));
      setBusy(false);
    }
  }

  return (
    <AuthFrame title="Choose a new password">
      <h1 className="mb-3 text-center">Choose a new password</h1>
      {link.kind === 'checking' && <PageLoading label="Checking your reset link…" />}
      {link.kind === 'expired' && (
        <>
          <div className="alert alert-danger" role="alert">
            {link.message}
          </div>
          <p className="text-center mb-0">
            <Link to="/login" className="fw-semibold">
              Back to log in
            </Link>
          </p>
        </>
      )}
      {link.kind === 'valid' && (
        <>
          <p className="text-center text-body-secondary">
            For the account <strong className="text-body">{link.username}</strong>.
          </p>
          {error && (
            <div className="alert alert-danger" role="alert">
              {error}
            </div>
          )}
          <form onSubmit={submit} noValidate>
            <input
              type="text"
              name="username"
              autoComplete="username"
              value={link.username}
              readOnly
              hidden
            />
            <div className="mb-3">
              <label className="form-label" htmlFor="reset-password">
                New password
              </label>
              <input
                id="reset-password"
                type="password"
                className="form-control form-control-lg"
                autoComplete="new-password"
                aria-describedby="reset-password-hint"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
              <div id="reset-password-hint" className="form-text">
                At least {login.PASSWORD_MIN} characters.
              </div>
            </div>
            <div className="mb-4">
              <label className="form-label" htmlFor="reset-confirm">
                Confirm new password
              </label>
              <input
                id="reset-confirm"
                type="password"
                className="form-control form-control-lg"
                autoComplete="new-password"
                value={confirm}
                onChange={(e) => setConfirm(e.target.value)}
              />
            </div>
            <button type="submit" className="btn btn-accent btn-lg w-100" disabled={busy}>
              {busy ? 'Saving…' : 'Set New Password'}
            </button>
          </form>
        </>
      )}
    </AuthFrame>
  );
}
