import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { membership } from '@marquee/contract';
import { call } from '../../app/api';
import { useCurrentUser, useSession } from '../../app/session';
import { showSuccess } from '../../ui/toast';

/**
 * The dashboard's pro trial offer (spec 2 §2, §4): for pro-eligible members on desktop. Starting
 * the 7-day trial or dismissing the offer reloads the dashboard with the member's new state.
 */
export function ProTrialOffer() {
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
  if (user.isProEligible !== 'yes') return null;
  const busy = trial.isPending || dismiss.isPending;

  return (
    <section className="card mq-pro-offer d-none d-xl-block mb-3" aria-labelledby="mq-pro-offer-title">
      <div className="card-body">
        <p className="mq-pro-offer__eyebrow">Free for {membership.PRO_TRIAL_DAYS} days</p>
        <h2 id="mq-pro-offer-title" className="mq-pro-offer__title">
          Try Marquee Pro
        </h2>
        <ul className="mq-pro-offer__list">
          <li>The Chrome extension does your IMDb views for you</li>
          <li>Your STARmeter history, week by week</li>
          <li>The Optimized rate limit and no ads</li>
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
