import { useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { admin } from '@marquee/contract';
import { showSuccess } from '../../ui/toast';
import { AdminLayout } from './AdminLayout';
import { AuditList } from './AuditList';
import { DayChart, type ChartPart } from './DayChart';
import { checkLedger, overviewQuery, updateShadowVars } from './api';

const count = (n: number) => n.toLocaleString('en-US');
const money = (n: number) =>
  n.toLocaleString('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: n % 1 ? 2 : 0 });

const ACTION_PARTS: ChartPart[] = [
  { key: 'imdbViews', label: 'IMDb views', tone: 'indigo' },
  { key: 'youtubeViews', label: 'YouTube views', tone: 'rose' },
  { key: 'follows', label: 'Follows', tone: 'teal' },
  { key: 'likes', label: 'Likes', tone: 'gold' },
];
const INCOME_PARTS: ChartPart[] = [{ key: 'income', label: 'Income', tone: 'green' }];

/** A group of figures: a heading and its numbers with their words. */
function Figures({ title, items }: { title: string; items: [label: string, value: string][] }) {
  return (
    <section className="card mq-admin-card mq-figures" aria-label={title}>
      <div className="card-body">
        <h2 className="mq-admin-card__title">{title}</h2>
        <dl className="mq-figures__list">
          {items.map(([label, value]) => (
            <div key={label} className="mq-figures__item">
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}

const MODE_WORDS: Record<admin.ServiceImplementation['mode'], string> = {
  simulated: 'Simulated',
  real: 'Real',
  test: 'Test mode',
  local: 'On this server',
};

function Services({ services }: { services: admin.ServiceImplementation[] }) {
  return (
    <section className="card mq-admin-card" aria-labelledby="mq-services-title">
      <div className="card-body">
        <h2 id="mq-services-title" className="mq-admin-card__title">
          Outside services
        </h2>
        <ul className="mq-services">
          {services.map((s) => (
            <li key={s.service}>
              <span className="mq-services__name">{s.service}</span>
              <span className={`mq-mode mq-mode--${s.mode}`}>{MODE_WORDS[s.mode]}</span>
              <span className="mq-services__detail">{s.detail}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function LedgerCard({ ledger }: { ledger: admin.LedgerCheckResult | null }) {
  const queryClient = useQueryClient();
  const check = useMutation({
    mutationFn: checkLedger,
    onSuccess: (answer) => {
      showSuccess(answer.message);
      void queryClient.invalidateQueries({ queryKey: overviewQuery.queryKey });
    },
  });
  return (
    <section className="card mq-admin-card mq-ledger" aria-labelledby="mq-ledger-title">
      <div className="card-body">
        <h2 id="mq-ledger-title" className="mq-admin-card__title">
          Points ledger
        </h2>
        {ledger ? (
          <>
            <p className={`mq-ledger__state mq-ledger__state--${ledger.ok ? 'ok' : 'bad'}`}>
              {ledger.ok ? 'Balanced: every invariant holds.' : 'Problems found'}
            </p>
            <p className="small text-body-secondary">
              Checked <time dateTime={ledger.checked_at}>{ledger.ago}</time>{' '}
              {ledger.by === 'daily' ? 'by the daily check' : `by ${ledger.by}`}: {count(ledger.accounts)}{' '}
              accounts, {count(ledger.entries)} entries.
            </p>
            {ledger.problems.length > 0 && (
              <ul className="mq-ledger__problems">
                {ledger.problems.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            )}
          </>
        ) : (
          <p className="small text-body-secondary">The ledger has not been checked yet.</p>
        )}
        <button
          type="button"
          className="btn btn-outline-primary btn-sm"
          disabled={check.isPending}
          onClick={() => check.mutate()}
        >
          {check.isPending ? 'Checking…' : 'Check the ledger now'}
        </button>
      </div>
    </section>
  );
}

/** The shadow values (spec 4 §7 updateShadowVars; docs/domain.md AD10), with what each does. */
function ShadowValues({ shadowMax, randyTop }: { shadowMax: number; randyTop: number }) {
  const [max, setMax] = useState(String(shadowMax));
  const [top, setTop] = useState(String(randyTop));
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: () => updateShadowVars({ max: Number(max), top: Number(top) }),
    onSuccess: (answer) => {
      showSuccess(answer.message);
      void queryClient.invalidateQueries({ queryKey: overviewQuery.queryKey });
    },
  });
  return (
    <section className="card mq-admin-card" aria-labelledby="mq-shadow-title">
      <div className="card-body">
        <h2 id="mq-shadow-title" className="mq-admin-card__title">
          Shadow values
        </h2>
        <form
          className="mq-review"
          onSubmit={(e) => {
            e.preventDefault();
            save.mutate();
          }}
        >
          <div className="mq-review__field">
            <label htmlFor="mq-shadow-max" className="form-label">
              Daily cap per listing (max)
            </label>
            <input
              id="mq-shadow-max"
              className="form-control"
              inputMode="numeric"
              value={max}
              aria-describedby="mq-shadow-max-hint"
              onChange={(e) => setMax(e.target.value)}
            />
            <p id="mq-shadow-max-hint" className="form-text mb-0">
              The most actions one listing is offered for each day, whatever its rate limit. 0 is no cap.
            </p>
          </div>
          <div className="mq-review__field">
            <label htmlFor="mq-shadow-top" className="form-label">
              Shuffled at the top (top)
            </label>
            <input
              id="mq-shadow-top"
              className="form-control"
              inputMode="numeric"
              value={top}
              aria-describedby="mq-shadow-top-hint"
              onChange={(e) => setTop(e.target.value)}
            />
            <p id="mq-shadow-top-hint" className="form-text mb-0">
              The earn list's first places are shuffled among this many listings, sponsored ones staying
              first. 0 is off.
            </p>
          </div>
          <div className="mq-review__actions">
            <button type="submit" className="btn btn-primary btn-sm" disabled={save.isPending}>
              {save.isPending ? 'Saving…' : 'Save the shadow values'}
            </button>
          </div>
        </form>
      </div>
    </section>
  );
}

/** /admin (spec 4 §2, §3): how the site is doing today and over 30 days (docs/domain.md AD1-AD7). */
export default function OverviewPage() {
  const overview = useQuery(overviewQuery);
  if (overview.isPending)
    return (
      <AdminLayout title="Overview">
        <p role="status" className="text-body-secondary">
          <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
          Loading the overview…
        </p>
      </AdminLayout>
    );
  if (overview.isError)
    return (
      <AdminLayout title="Overview">
        <div className="card mq-admin-card" role="alert">
          <div className="card-body">
            <p>{admin.OVERVIEW_FAILED}</p>
            <button type="button" className="btn btn-primary btn-sm" onClick={() => void overview.refetch()}>
              Try again
            </button>
          </div>
        </div>
      </AdminLayout>
    );
  const o = overview.data;
  return (
    <AdminLayout title="Overview">
      <div className="mq-admin__figures">
        <Figures
          title="Members"
          items={[
            ['Active today', count(o.users.activeToday)],
            ['Active in 30 days', count(o.users.active30)],
            ['Active accounts', count(o.users.activeTotal)],
            ['Paid time ending in 14 days', count(o.users.expiring14)],
          ]}
        />
        <Figures
          title="Today"
          items={[
            ['Views', count(o.actions.View)],
            ['Follows', count(o.actions.Follow)],
            ['Likes', count(o.actions.Like)],
            ['Premium sold', count(o.premium.today)],
            ['Pro sold', count(o.pro.today)],
            ['Sponsored sold', count(o.sponsored.today)],
          ]}
        />
        <Figures
          title="Income"
          items={[
            ['Today', money(o.income.today)],
            ['7 days', money(o.income.seven)],
            ['30 days', money(o.income.thirty)],
            ['All time', money(o.income.total)],
          ]}
        />
        <Figures title="Points" items={[['Held by members', count(o.karmaPoints)]]} />
      </div>
      <div className="mq-admin__charts">
        <DayChart title="Actions per day" days={o.series} parts={ACTION_PARTS} format={count} />
        <DayChart title="Income per day" days={o.series} parts={INCOME_PARTS} format={money} />
      </div>
      <div className="mq-admin__columns">
        <div className="d-grid gap-3">
          <LedgerCard ledger={o.ledger} />
          <ShadowValues key={`${o.shadowMax}-${o.randyTop}`} shadowMax={o.shadowMax} randyTop={o.randyTop} />
        </div>
        <Services services={o.services} />
      </div>
      <section className="card mq-admin-card" aria-labelledby="mq-recent-audit">
        <div className="card-body">
          <div className="mq-admin-card__bar">
            <h2 id="mq-recent-audit" className="mq-admin-card__title mb-0">
              Recent admin actions
            </h2>
            <Link to="/admin/audit" className="small">
              The whole audit log
            </Link>
          </div>
          <AuditList entries={o.audit} empty={admin.EMPTY_AUDIT} />
        </div>
      </section>
    </AdminLayout>
  );
}
