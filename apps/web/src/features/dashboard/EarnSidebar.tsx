import { Link } from 'react-router';
import { useMutation, useQuery } from '@tanstack/react-query';
import { earn } from '@marquee/contract';
import { call } from '../../app/api';
import { useCurrentUser } from '../../app/session';
import { earnListingsQuery } from '../earn';

const HOW_IT_WORKS: Record<earn.Platform, { title: string; steps: string[] }> = {
  imdb: {
    title: 'How IMDb views work',
    steps: [
      'Press Start: the member’s IMDb page opens in a new window.',
      'Find the number the card asks for on that page.',
      'Type it in, digits only, and press Submit Answer.',
    ],
  },
  twitter: {
    title: 'How Twitter follows work',
    steps: [
      'Link your Twitter account once, so that we can check follows.',
      'Press Start: the member’s Twitter profile opens in a new window.',
      'Follow them there, come back and press Confirm Follow.',
    ],
  },
  youtube: {
    title: 'How YouTube views work',
    steps: [
      'Press Start: the video opens in a player here.',
      'Press play and watch for 30 seconds.',
      'Your points are credited on their own once the 30 seconds are up.',
    ],
  },
  facebook: {
    title: 'Verifying past Facebook likes',
    steps: [
      'Link the Facebook account you liked pages from.',
      'Likes that don’t show on it appear in a list.',
      'Like the page again and Confirm, or Reverse to give the points back.',
    ],
  },
};

/** The side column of the dashboard: how the current type works, and the IMDb extras (spec 1 §2). */
export function EarnSidebar({ platform, facebookHref }: { platform: earn.Platform; facebookHref: string }) {
  const how = HOW_IT_WORKS[platform];
  return (
    <aside className="mq-earn-side" aria-label="How earning works">
      <section className="card mq-side-card">
        <div className="card-body">
          <h2 className="mq-side-card__title">{how.title}</h2>
          <ol className="mq-steps">
            {how.steps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
          <p className="small text-body-secondary mb-0">
            Each listing is kept for you for a short while only. If the list times out, press Reload for fresh
            ones.
          </p>
        </div>
      </section>

      {platform === 'imdb' && (
        <>
          <section className="card mq-side-card">
            <div className="card-body">
              <h2 className="mq-side-card__title">Best times to get IMDb views</h2>
              <p className="small text-body-secondary">
                New views open up at these times each day (Pacific time):
              </p>
              <ul className="mq-best-times">
                {earn.EARN.bestTimes.map((time) => (
                  <li key={time}>{time}</li>
                ))}
              </ul>
            </div>
          </section>
          <ProViews />
          <ProExtensionHelp />
        </>
      )}

      {platform !== 'facebook' && (
        <p className="mq-side-link">
          Liked pages on Facebook before? <Link to={facebookHref}>Verify your past Facebook likes</Link>
        </p>
      )}
    </aside>
  );
}

/** The IMDbPro views switch, when the server offers it (spec 1 §4: toggling reloads the page). */
function ProViews() {
  const listings = useQuery({ ...earnListingsQuery('imdb'), enabled: false });
  const save = useMutation({
    mutationFn: (showMePro: boolean) => call(earn.updateShowMePreference, { showMePro }),
    onSuccess: () => window.location.reload(),
  });
  const answer = listings.data;
  if (!answer?.giveProViewOption) return null;
  return (
    <section className="card mq-side-card">
      <div className="card-body">
        <h2 className="mq-side-card__title">IMDbPro views</h2>
        <div className="form-check form-switch">
          <input
            className="form-check-input"
            type="checkbox"
            role="switch"
            id="mq-show-me-pro"
            checked={answer.showMePro}
            disabled={save.isPending}
            onChange={(event) => save.mutate(event.target.checked)}
          />
          <label className="form-check-label" htmlFor="mq-show-me-pro">
            Show me IMDbPro views (+{earn.EARN.proViewBonus} points each)
          </label>
        </div>
        <p className="small text-body-secondary mt-2 mb-0">
          For members with an IMDbPro subscription: the card asks for the STARmeter on the member&rsquo;s
          IMDbPro page.
        </p>
      </div>
    </section>
  );
}

function ProExtensionHelp() {
  const user = useCurrentUser();
  const listings = useQuery({ ...earnListingsQuery('imdb'), enabled: false });
  const link = listings.data?.extVersionLink;
  return (
    <section className="card mq-side-card">
      <div className="card-body">
        <h2 className="mq-side-card__title">The Pro browser extension</h2>
        {user.abilities.proTools ? (
          <>
            <p className="small">
              As a Pro member you can let the Marquee Pro extension do your IMDb views: it opens each page in
              a background tab, reads the number and answers for you, within your Daily Actions.
            </p>
            <ul className="small mb-0">
              <li>
                Install it and pair it with your account on the{' '}
                {/* A full page load: the extension's welcome script joins pages as they load (PX2). */}
                <a href="/v5/pro/">Pro extension page</a>.
              </li>
              <li>It works in the background: you need not keep this page open.</li>
              <li>Pause or resume it from its button in your browser’s toolbar.</li>
              <li>It stops by itself when the listings run out or your Daily Actions are used up.</li>
              {link && (
                <li>
                  <a href={link} download>
                    Download the latest version
                  </a>
                </li>
              )}
            </ul>
          </>
        ) : (
          <p className="small mb-0">
            Pro members can let the Marquee browser extension do their IMDb views for them.{' '}
            <Link to="/membership">See Pro membership</Link>
          </p>
        )}
      </div>
    </section>
  );
}
