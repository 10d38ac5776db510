import { Link } from 'react-router';
import { SUPPORT_EMAIL } from '../../app/site';
import { PolicyPage } from './PolicyPage';

export default function TermsPage() {
  return (
    <PolicyPage
      title="Terms of Service"
      summary="Marquee is a members-only community where film and TV professionals support each other’s work. These terms keep the exchange fair for everyone who takes part."
    >
      <h2>Your account</h2>
      <p>
        You need to be at least 18 to join, and one person may hold one account. Give your real name and your
        own IMDb page, keep your password to yourself, and tell us at{' '}
        <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> if you think someone else has used your
        account.
      </p>

      <h2>Points</h2>
      <p>
        You earn points by acting on other members’ listings and spend them so that others act on yours.
        Points are a way of keeping the exchange even: they have no cash value, cannot be bought back, sold or
        transferred outside Marquee, and lapse if your account is closed. Daily action limits depend on your
        membership.
      </p>

      <h2>Fair play</h2>
      <ul>
        <li>
          Every action you claim must be one you really took, in your own browser, on your own linked
          accounts.
        </li>
        <li>
          Do not use bots, scripts or shared accounts to collect points. Marquee’s own Pro browser extension
          is the only automation allowed, and only for Pro members.
        </li>
        <li>Do not undo follows, likes or subscriptions you were credited for.</li>
        <li>
          Marquee is not affiliated with IMDb, Facebook, Twitter or YouTube. Follow their rules too when you
          use them; we cannot change what they do with your activity there.
        </li>
      </ul>
      <p>
        We may reverse points earned unfairly, and suspend or close accounts that break these rules, after
        looking at the records.
      </p>

      <h2>What you post</h2>
      <p>
        You are responsible for your posts, comments, messages, photos and listings. Keep them lawful,
        truthful and respectful: no harassment, hate, spam or other people’s work passed off as yours. You
        keep the rights to what you post and allow Marquee to show it to members as part of the service. We
        may remove anything that breaks these terms.
      </p>

      <h2>Paid memberships</h2>
      <p>
        Premium, Pro and Managed Rank are paid monthly or for a period you choose when you buy. Subscriptions
        renew until you cancel; a cancelled membership keeps working until the end of the time already paid
        for. Managed Rank aims for the target you choose but cannot guarantee any ranking on a site we do not
        run. See the <Link to="/membership">Membership</Link> page for current prices.
      </p>

      <h2>The service</h2>
      <p>
        We work to keep Marquee available and your data safe, but the service is provided as it is, and we
        cannot be responsible for the decisions of other sites or for results that depend on them. Nothing in
        these terms limits rights you have by law.
      </p>

      <h2>Leaving, and changes</h2>
      <p className="mb-0">
        You can deactivate or delete your account at any time from the Account page. If we change these terms
        in a way that matters, we will tell members on the site before the change takes effect; questions are
        welcome at <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
      </p>
    </PolicyPage>
  );
}
