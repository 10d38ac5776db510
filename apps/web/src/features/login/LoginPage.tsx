import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { login } from '@marquee/contract';
import { call } from '../../app/api';
import { useSession } from '../../app/session';
import { AuthFrame, messageOf } from './AuthFrame';
import { ResetRequestForm } from './ResetRequestForm';

/** The login screen (spec 4 §2), shown on every app route while signed out; the URL stays. */
export default function LoginPage() {
  const { signIn } = useSession();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [forgot, setForgot] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!username.trim() || !password) {
      setError(login.MISSING_CREDENTIALS);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const answer = await call(login.checkCredentials, { username, password });
      signIn(answer.token, answer.user);
    } catch (failure) {
      setError(messageOf(failure));
      setBusy(false);
    }
  }

  return (
    <AuthFrame
      title="Log In"
      below={
        <Link to="/" className="fw-semibold">
          Back to home
        </Link>
      }
    >
      <h1 className="mb-4 text-center">Log in to Marquee</h1>
      {forgot ? (
        <ResetRequestForm onDone={() => setForgot(false)} />
      ) : (
        <>
          {error && (
            <div className="alert alert-danger" role="alert">
              {error}
            </div>
          )}
          <form onSubmit={submit} noValidate>
            <div className="mb-3">
              <label className="form-label" htmlFor="login-username">
                Username or email
              </label>
              <input
                id="login-username"
                className="form-control form-control-lg"
                autoComplete="username"
                autoCapitalize="none"
                spellCheck={false}
                value={username}
                onChange={(e) => setUsername(e.target.value)}
              />
            </div>
            <div className="mb-4">
              <label className="form-label" htmlFor="login-password">
                Password
              </label>
              <input
                id="login-password"
                type="password"
                className="form-control form-control-lg"
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
            </div>
            <button type="submit" className="btn btn-accent btn-lg w-100" disabled={busy}>
              {busy ? 'Logging In…' : 'Log In'}
            </button>
          </form>
          <div className="text-center mt-3">
            <button
              type="button"
              className="btn btn-link"
              onClick={() => {
                setError(null);
                setForgot(true);
              }}
            >
              Forgot Password
            </button>
          </div>
          <hr className="my-4" />
          <p className="text-center mb-0">
            New to Marquee?{' '}
            <Link to="/signup" className="fw-semibold">
              Create an account
            </Link>
          </p>
        </>
      )}
    </AuthFrame>
  );
}
