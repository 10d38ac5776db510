import { Link } from 'react-router';
import { SUPPORT_EMAIL } from '../../app/site';
import { PolicyPage } from './PolicyPage';

export default function PrivacyPage() {
  return (
    <PolicyPage
      title="Privacy Policy"
      summary="Marquee keeps only what it needs to run a members-only community and points exchange. We do not sell your data, and we do not show you third-party tracking ads."
    >
      <h2>What we keep</h2>
      <ul>
        <li>
          <strong>Your account:</strong> your name, email address, username, a hash of your password (never
          the password itself) and the address of your IMDb page.
        </li>
        <li>
          <strong>Your profile:</strong> the photos, videos, job titles, location and bio you choose to add.
          Your profile and listings are visible to other signed-in members.
        </li>
        <li>
          <strong>Your activity:</strong> the listings you act on, the points you earn and spend, your posts,
          comments, board threads and private messages, and your membership and payment history. Card details
          are handled by our payment providers and never reach our servers.
        </li>
        <li>
          <strong>Linked accounts:</strong> when you link a social account, we keep what is needed to check
          that your actions on it took place, and nothing else.
        </li>
        <li>
          <strong>Security records:</strong> the time, network address and browser of sign-ins and password
          resets, so we can stop abuse and help you if your account is misused.
        </li>
      </ul>

      <h2>How we use it</h2>
      <p>
        To run your account, credit and debit points fairly, check that exchanged actions are genuine, send
        the emails you need (password resets, receipts, messages you asked to be told about), answer support
        requests and keep the community safe. We do not sell or rent your information, and we share it only
        with the services that help us run Marquee (hosting, email and payments), under agreements that limit
        them to that purpose, or when the law requires it.
      </p>

      <h2>Your browser</h2>
      <p>
        Marquee keeps your sign-in token and a copy of your basic account details in your browser’s local
        storage so that you stay signed in. We use no advertising or tracking cookies. Logging out removes the
        token from this browser and ends the session on our side.
      </p>

      <h2>How long we keep it</h2>
      <p>
        We keep your information while your account is open. If you fully delete your account from the Account
        page, your profile, listings, posts and messages are removed; we keep only the records the law
        requires us to keep, such as payment records, for as long as it requires.
      </p>

      <h2>Your choices</h2>
      <p>
        You can see and correct your details on the <Link to="/account">Account</Link> page, change which
        emails you receive, deactivate your account or delete it. To get a copy of your data or to ask
        anything about this policy, write to <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
      </p>

      <h2>Changes</h2>
      <p className="mb-0">
        If we change this policy in a way that matters, we will tell members on the site before the change
        takes effect.
      </p>
    </PolicyPage>
  );
}
