import { Link, useNavigate } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { membership, pro } from '@marquee/contract';
import { call } from '../../app/api';
import { useCurrentUser, useSession } from '../../app/session';
import { showSuccess } from '../../ui/toast';

/**
 * Starting the trial and saying no to the offer (spec 2 §4): either is followed by a dashboard
 * reload with the member's new state.
 */
function useProOffer() {
  const user = useCurrentUser();
  const { updateUser } = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const done = (next: typeof user) => {
    updateUser(next);
    void queryClient.invalidateQueries();
    navigate('/v4/dashboard');
  };
  const trial = useMutation({
    mutationFn: () => call(membership.proTrial, {}),
    onSuccess: (answer) => {
      showSuccess(answer.message);
      done(answer.user);
    },
  });
  const dismiss = useMutation({
    mutationFn: () => call(membership.dismissProOffer, {}),
    onSuccess: (answer) => done(answer.user),
  });
  return {
    eligible: user.isProEligible === 'yes',
    trial,
    dismiss,
    busy: trial.isPending || dismiss.isPending,
  };
}

/**
 * The dashboard's pro trial offer (spec 2 §2, §4): for pro-eligible members on desktop, where the
 * Pro browser extension runs.
 */
export function ProTrialOffer() {
  const { eligible, trial, dismiss, busy } = useProOffer();
  if (!eligible) return null;

  return (
    <section className="card mq-pro-offer d-none d-xl-block mb-3" aria-labelledby="mq-pro-offer-title">
      <div className="card-body">
        <p className="mq-pro-offer__eyebrow">Free for {membership.PRO_TRIAL_DAYS} days</p>
        <h2 id="mq-pro-offer-title" className="mq-pro-offer__title">
          Try Marquee Pro
        </h2>
        <ul className="mq-pro-offer__list">
          <li>The Chrome extension does your IMDb views for you</li>
          <li>Your IMDb views and STARmeter rank, week by week</li>
          <li>{pro.PRO_BONUS_VIEWS} sponsored views for your IMDb page every Monday</li>
        </ul>
        <div className="mq-pro-offer__actions">
          <button type="button" className="btn btn-accent" disabled={busy} onClick={() => trial.mutate()}>
            {trial.isPending ? 'Starting…' : 'Start my free trial'}
          </button>
          <button type="button" className="btn btn-link" disabled={busy} onClick={() => dismiss.mutate()}>
            No thanks
          </button>
        </div>
        <p className="mq-pro-offer__fine">No card needed. Once per member.</p>
      </div>
    </section>
  );
}

/**
 * The Pro offer banner (spec 2 §2) on phones and tablets, where the trial card is not shown: the
 * extension needs a desktop browser, so it points to the Pro membership instead of the trial.
 */
export function ProOfferBanner() {
  const { eligible, dismiss, busy } = useProOffer();
  if (!eligible) return null;
  return (
    <aside className="mq-pro-banner d-xl-none mb-3" aria-label="Marquee Pro">
      <p className="mq-pro-banner__text">
        <strong>Go Pro:</strong> your IMDb views and STARmeter week by week, and {pro.PRO_BONUS_VIEWS}{' '}
        sponsored views for your IMDb page every Monday.
      </p>
      <div className="mq-pro-banner__actions">
        <Link to="/membership" className="btn btn-accent btn-sm">
          See Pro
        </Link>
        <button
          type="button"
          className="btn btn-link btn-sm"
          disabled={busy}
          onClick={() => dismiss.mutate()}
        >
          No thanks
        </button>
      </div>
    </aside>
  );
}
