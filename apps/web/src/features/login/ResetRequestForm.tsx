import { useEffect, useRef, useState, type FormEvent } from 'react';
import { login } from '@marquee/contract';
import { call } from '../../app/api';
import { messageOf } from './AuthFrame';

/** Forgot Password (spec 4 §2): username or email plus the IMDb page; the link arrives by mail. */
export function ResetRequestForm({ onDone }: { onDone: () => void }) {
  const [username, setUsername] = useState('');
  const [imdb, setImdb] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const firstField = useRef<HTMLInputElement>(null);

  useEffect(() => firstField.current?.focus(), []);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const answer = await call(login.startPasswordReset, { username, imdb });
      setSent(answer.message || login.RESET_STARTED);
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="reset-heading">
      <h2 id="reset-heading" className="h5">
        Reset your password
      </h2>
      <p className="text-body-secondary">
        Tell us your username or email and the IMDb page on your account, and we will email you a link to
        choose a new password.
      </p>
      {error && (
        <div className="alert alert-danger" role="alert">
          {error}
        </div>
      )}
      {sent ? (
        <div className="alert alert-success" role="status">
          {sent}
        </div>
      ) : (
        <form onSubmit={submit} noValidate>
          <div className="mb-3">
            <label className="form-label" htmlFor="reset-username">
              Your username or email
            </label>
            <input
              id="reset-username"
              ref={firstField}
              className="form-control"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              value={username}
              onChange={(e) => setUsername(e.target.value)}
            />
          </div>
          <div className="mb-4">
            <label className="form-label" htmlFor="reset-imdb">
              IMDb page URL
            </label>
            <input
              id="reset-imdb"
              type="url"
              inputMode="url"
              className="form-control"
              placeholder="https://www.imdb.com/name/nm0000001/"
              spellCheck={false}
              value={imdb}
              onChange={(e) => setImdb(e.target.value)}
            />
          </div>
          <button type="submit" className="btn btn-accent w-100" disabled={busy}>
            {busy ? 'Sending…' : 'Send Reset Link'}
          </button>
        </form>
      )}
      <div className="text-center mt-3">
        <button type="button" className="btn btn-link" onClick={onDone}>
          Back to log in
        </button>
      </div>
    </section>
  );
}
