import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { login } from '@marquee/contract';
import { call } from '../../app/api';
import { forgetReferrer, readReferrer } from '../../app/storage';
import { AuthFrame, messageOf } from './AuthFrame';

type Field = 'first' | 'last' | 'email' | 'username' | 'password' | 'imdb';

const FIELDS: {
  name: Field;
  label: string;
  type?: string;
  autoComplete: string;
  hint?: string;
  half?: boolean;
}[] = [
  { name: 'first', label: 'First name', autoComplete: 'given-name', half: true },
  { name: 'last', label: 'Last name', autoComplete: 'family-name', half: true },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  {
    name: 'username',
    label: 'Username',
    autoComplete: 'username',
    hint: '3 to 30 letters, numbers, dots, dashes or underscores.',
  },
  {
    name: 'password',
    label: 'Password',
    type: 'password',
    autoComplete: 'new-password',
    hint: `At least ${login.PASSWORD_MIN} characters.`,
  },
  {
    name: 'imdb',
    label: 'IMDb page URL',
    type: 'url',
    autoComplete: 'url',
    hint: 'Your name or title page, like https://www.imdb.com/name/nm0000001/',
  },
];

/**
 * Sign-up (also at /r/{userId}, which remembers who referred the visitor). Every sign-up that
 * passes the checks answers "check your inbox": the mailed link confirms the address and signs in
 * (docs/domain.md "Sign-up"), so the page never says whether the address already had an account.
 */
export default function SignupPage() {
  const [values, setValues] = useState<Record<Field, string>>({
    first: '',
    last: '',
    email: '',
    username: '',
    password: '',
    imdb: '',
  });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<{ email: string; message: string } | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const answer = await call(login.register, { ...values, referrer: readReferrer() });
      forgetReferrer();
      setSent({ email: values.email.trim(), message: answer.message });
    } catch (failure) {
      setError(messageOf(failure));
    }
    setBusy(false);
  }

  if (sent) {
    return (
      <AuthFrame
        title="Check your inbox"
        below={
          <>
            Confirmed already?{' '}
            <Link to="/login" className="fw-semibold">
              Log in
            </Link>
          </>
        }
      >
        <h1 className="mb-3 text-center">Check your inbox</h1>
        <p className="text-center text-body-secondary mb-2">
          We have emailed <strong className="text-body text-break">{sent.email}</strong>.
        </p>
        <p className="text-center mb-0" role="status">
          {sent.message}
        </p>
      </AuthFrame>
    );
  }

  return (
    <AuthFrame
      title="Join Marquee"
      wide
      below={
        <>
          Already a member?{' '}
          <Link to="/login" className="fw-semibold">
            Log in instead
          </Link>
        </>
      }
    >
      <h1 className="mb-2 text-center">Join Marquee</h1>
      <p className="text-center text-body-secondary mb-4">
        Earn points by supporting other professionals, and spend them to get your own work seen. New members
        get 100 points once they confirm their email address.
      </p>
      {error && (
        <div className="alert alert-danger" role="alert">
          {error}
        </div>
      )}
      <form onSubmit={submit} noValidate>
        <div className="row g-3">
          {FIELDS.map((field) => {
            const id = `signup-${field.name}`;
            return (
              <div key={field.name} className={field.half ? 'col-sm-6' : 'col-12'}>
                <label className="form-label" htmlFor={id}>
                  {field.label}
                </label>
                <input
                  id={id}
                  name={field.name}
                  type={field.type ?? 'text'}
                  className="form-control"
                  autoComplete={field.autoComplete}
                  spellCheck={false}
                  aria-describedby={field.hint ? `${id}-hint` : undefined}
                  value={values[field.name]}
                  onChange={(e) => setValues((v) => ({ ...v, [field.name]: e.target.value }))}
                />
                {field.hint && (
                  <div id={`${id}-hint`} className="form-text">
                    {field.hint}
                  </div>
                )}
              </div>
            );
          })}
        </div>
        <button type="submit" className="btn btn-accent btn-lg w-100 mt-4" disabled={busy}>
          {busy ? 'Creating Your Account…' : 'Create Account'}
        </button>
        <p className="small text-body-secondary text-center mt-3 mb-0">
          By joining you agree to the <Link to="/terms">Terms of Service</Link> and the{' '}
          <Link to="/privacy">Privacy Policy</Link>.
        </p>
      </form>
    </AuthFrame>
  );
}
