import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import Container from 'react-bootstrap/Container';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { managed } from '@marquee/contract';
import { useSession } from '../../app/session';
import { ConfirmModal } from '../../ui/ConfirmModal';
import { showSuccess } from '../../ui/toast';
import { LoadFailed, Loading } from '../../ui/LoadState';
import { usePageTitle } from '../../ui/usePageTitle';
import { RankChart } from './RankChart';
import {
  cancelSubscription,
  historyQuery,
  joinWaitlist,
  managedPageKey,
  subscriptionQuery,
  waitlistQuery,
} from './pageApi';

const { MANAGED_TEXTS, MANAGED_TIERS, SUBSCRIPTION_EXTRA } = managed;

const dollars = (pennies: number) => `$${(pennies / 100).toFixed(0)}`;

/**
 * /managed (spec 4 §2, docs/domain.md MR10): for a managed member the rank history, as a chart and a
 * table, and the subscription with the way to stop it renewing; for any other member what Managed
 * Rank is, its three tiers and the waitlist choice with their status (MR1).
 */
export default function ManagedPage() {
  usePageTitle('Managed Rank');
  const { user } = useSession();
  const isManaged = user?.membership === 'managed';
  return (
    <Container fluid="xl" className="mq-managed">
      <header className="mq-page-head">
        <h1>Managed Rank</h1>
        <p className="text-body-secondary mb-0">
          {isManaged
            ? 'Your IMDb page’s STARmeter rank, week by week, and your subscription.'
            : 'A monthly service that keeps your IMDb page near a target STARmeter rank.'}
        </p>
      </header>
      {isManaged ? <ManagedMember /> : <NotManaged />}
    </Container>
  );
}

function Card({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="card mq-managed-card" aria-labelledby={id}>
      <div className="card-body">
        <h2 id={id} className="mq-managed-card__title">
          {title}
        </h2>
        {children}
      </div>
    </section>
  );
}

/* ------------------------------------------------------------------ a managed member (MR10) */

function ManagedMember() {
  return (
    <div className="row g-4">
      <div className="col-lg-8">
        <RankHistory />
      </div>
      <div className="col-lg-4">
        <Subscription />
      </div>
    </div>
  );
}

function RankHistory() {
  const history = useQuery(historyQuery);
  return (
    <Card id="mq-managed-history" title="Your rank history">
      {history.isPending ? (
        <Loading what="your rank history" />
      ) : history.isError ? (
        <LoadFailed
          className="mb-0"
          what="your rank history"
          error={history.error}
          onRetry={() => void history.refetch()}
        />
      ) : history.data.history.length === 0 ? (
        <p className="mq-managed__empty mb-0">{MANAGED_TEXTS.noHistory}</p>
      ) : (
        <>
          <RankChart weeks={history.data.history} target={history.data.target} />
          {/* A scrolling region on a phone: reachable by keyboard, so its rows scroll without a mouse. */}
          <div
            className="table-responsive mq-managed__weeks"
            tabIndex={0}
            role="region"
            aria-label="Your weeks, newest first"
          >
            <table className="table table-sm align-middle mb-0">
              <caption className="visually-hidden">Your STARmeter rank week by week, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">Week ending</th>
                  <th scope="col" className="text-end">
                    STARmeter
                  </th>
                  <th scope="col" className="d-none d-sm-table-cell">
                    How it went
                  </th>
                  <th scope="col" className="text-end">
                    Views sent
                  </th>
                </tr>
              </thead>
              <tbody>
                {history.data.history.map((w) => (
                  <tr key={w.week_ending}>
                    <th scope="row">{w.week_ending}</th>
                    <td className="text-end">
                      {w.starmeter}
                      {/* On a phone the label goes under the rank, so the four figures fit the card. */}
                      <span className="d-block d-sm-none">
                        <Label label={w.label} />
                      </span>
                    </td>
                    <td className="d-none d-sm-table-cell">
                      <Label label={w.label} />
                    </td>
                    <td className="text-end">{w.views.toLocaleString('en-US')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </Card>
  );
}

function Label({ label }: { label: string }) {
  return <span className={`mq-rank-label mq-rank-label--${labelTone(label)}`}>{label}</span>;
}

const labelTone = (label: string) =>
  label === 'On target'
    ? 'on'
    : label === 'Closing in'
      ? 'up'
      : label === 'Slipping'
        ? 'down'
        : label === 'Starting point'
          ? 'start'
          : 'flat';

function Subscription() {
  const subscription = useQuery(subscriptionQuery);
  const [confirming, setConfirming] = useState(false);
  const { updateUser } = useSession();
  const queryClient = useQueryClient();
  const cancel = useMutation({
    mutationFn: cancelSubscription,
    onSuccess: (answer) => {
      setConfirming(false);
      showSuccess(answer.message);
      void queryClient.invalidateQueries({ queryKey: managedPageKey });
      updateUser(answer.user);
    },
  });
  const title = 'Your subscription';
  if (subscription.isPending)
    return (
      <Card id="mq-managed-sub" title={title}>
        <Loading what="your subscription" />
      </Card>
    );
  if (subscription.isError)
    return (
      <Card id="mq-managed-sub" title={title}>
        <LoadFailed
          className="mb-0"
          what="your subscription"
          error={subscription.error}
          onRetry={() => void subscription.refetch()}
        />
      </Card>
    );
  const answer = subscription.data;
  if (answer.status === 'retry' || !answer.subscription)
    return (
      <Card id="mq-managed-sub" title={title}>
        <p className="mb-0">
          {answer.status === 'retry'
            ? MANAGED_TEXTS.confirmationWait
            : 'We have no Managed Rank subscription on record for you. Please contact support if you think this is wrong.'}
        </p>
      </Card>
    );
  const sub = answer.subscription;
  const renews = sub.active === 'yes' && sub.extra === SUBSCRIPTION_EXTRA.renews;
  return (
    <Card id="mq-managed-sub" title={title}>
      <dl className="mq-managed-sub">
        <div>
          <dt>Tier</dt>
          <dd>{sub.tier}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>
            <span className={`mq-managed-sub__state mq-managed-sub__state--${sub.active}`}>
              {sub.active === 'yes' ? 'Active' : 'Not active'}
            </span>
          </dd>
        </div>
        <div>
          <dt>{sub.active === 'yes' ? 'Paid through' : 'Ended on'}</dt>
          <dd>{sub.expirationPretty}</dd>
        </div>
        <div>
          <dt>Then</dt>
          <dd>{sub.extra}</dd>
        </div>
        <div>
          <dt>Reference</dt>
          <dd>
            <code>{sub.code}</code>
          </dd>
        </div>
      </dl>
      {renews ? (
        <button type="button" className="btn btn-outline-danger" onClick={() => setConfirming(true)}>
          Cancel subscription
        </button>
      ) : (
        sub.active === 'yes' && (
          <p className="small text-body-secondary mb-0">
            Nothing renews: Managed Rank serves your page until {sub.expirationPretty}.
          </p>
        )
      )}
      <ConfirmModal
        show={confirming}
        title="Cancel Managed Rank?"
        confirmLabel="Cancel subscription"
        busyLabel="Cancelling…"
        cancelLabel="Keep Managed Rank"
        busy={cancel.isPending}
        onConfirm={() => cancel.mutate()}
        onClose={() => setConfirming(false)}
      >
        <p className="mb-0">
          Your subscription will not renew. Managed Rank keeps looking after your page until{' '}
          {sub.expirationPretty}, the end of the month you have paid for, and then stops.
        </p>
      </ConfirmModal>
    </Card>
  );
}

/* --------------------------------------------------------------- anyone else (MR1, spec 4 §9) */

function NotManaged() {
  return (
    <div className="row g-4">
      <div className="col-lg-7">
        <Card id="mq-managed-what" title="What Managed Rank is">
          <p>
            IMDb’s STARmeter ranks people by how much interest their page draws. With Managed Rank, Marquee
            looks after yours every week: members view your page, as many views as your tier’s target and your
            recent ranks call for, and we read your STARmeter at the end of each week so you can follow your
            rank here, week by week.
          </p>
          <p className="mb-0">{MANAGED_TEXTS.notInvited}</p>
        </Card>
      </div>
      <div className="col-lg-5">
        <Waitlist />
      </div>
    </div>
  );
}

function Waitlist() {
  const status = useQuery(waitlistQuery);
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<1 | 2 | 3 | null>(null);
  const join = useMutation({
    mutationFn: joinWaitlist,
    onSuccess: (answer) => {
      showSuccess(answer.message);
      void queryClient.invalidateQueries({ queryKey: [...managedPageKey, 'waitlist'] });
    },
  });
  const title = 'The waitlist';
  if (status.isPending)
    return (
      <Card id="mq-managed-waitlist" title={title}>
        <Loading what="your place on the waitlist" />
      </Card>
    );
  if (status.isError)
    return (
      <Card id="mq-managed-waitlist" title={title}>
        <LoadFailed
          className="mb-0"
          what="your place on the waitlist"
          error={status.error}
          onRetry={() => void status.refetch()}
        />
      </Card>
    );
  const { waitlistStatus, selection } = status.data;
  const picked = chosen ?? selection;
  const tierName = MANAGED_TIERS.find((t) => t.selection === selection)?.name;
  return (
    <Card id="mq-managed-waitlist" title={title}>
      <div className={`mq-waitlist-status mq-waitlist-status--${waitlistStatus}`} role="status">
        {waitlistStatus === 'none' ? (
          <p className="mb-0">You are not on the waitlist yet. Choose a tier to join it.</p>
        ) : waitlistStatus === 'waitlisted' ? (
          <p className="mb-0">
            <strong>You are on the waitlist</strong> for {tierName}. We will email you an invitation when a
            place opens.
          </p>
        ) : (
          <p className="mb-0">
            <strong>You are invited</strong> to {tierName}. Check your email for your invitation, or{' '}
            <Link to="/managed/subscribe">subscribe now</Link>.
          </p>
        )}
      </div>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (picked) join.mutate(picked);
        }}
      >
        <fieldset>
          <legend className="mq-managed-card__legend">Choose a tier</legend>
          <div className="mq-tiers">
            {MANAGED_TIERS.map((tier) => {
              const s = tier.selection;
              return (
                <label key={s} className={`mq-tier${picked === s ? ' mq-tier--picked' : ''}`}>
                  <input
                    type="radio"
                    name="mq-tier"
                    className="form-check-input"
                    value={s}
                    checked={picked === s}
                    onChange={() => setChosen(s)}
                  />
                  <span className="mq-tier__name">{tier.name}</span>
                  <span className="mq-tier__price">{dollars(tier.pricePennies)}/month</span>
                  <span className="mq-tier__target">
                    Aims for a STARmeter rank of {tier.target.toLocaleString('en-US')} or better
                  </span>
                </label>
              );
            })}
          </div>
        </fieldset>
        <button
          type="submit"
          className="btn btn-primary mt-3"
          disabled={!picked || join.isPending || (picked === selection && waitlistStatus !== 'none')}
        >
          {join.isPending ? 'Saving…' : waitlistStatus === 'none' ? 'Join the waitlist' : 'Change my tier'}
        </button>
      </form>
    </Card>
  );
}
