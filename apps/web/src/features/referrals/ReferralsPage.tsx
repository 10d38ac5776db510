import { useQuery } from '@tanstack/react-query';
import Container from 'react-bootstrap/Container';
import { dayInWords, referrals } from '@marquee/contract';
import { PageLoading } from '../../ui/Preloader';
import { usePageTitle } from '../../ui/usePageTitle';
import { referralStatsQuery } from './api';
import { PointTradeCard } from './PointTradeCard';
import { BenefitsCard, RecentCreditsCard, RecentReferralsCard, ReferralLinkCard } from './ReferralCards';
import { formatCount } from './trade';

/**
 * /referrals (spec 3 §2): the member's referral stats, the referral trade-in, recent credits, the
 * referral link, what referrals give, and (on desktop) who joined recently.
 */
export default function ReferralsPage() {
  usePageTitle('Referrals');
  const stats = useQuery(referralStatsQuery);

  return (
    <Container fluid="xl">
      <div className="mq-page-head mq-dash-head">
        <h1>Referrals</h1>
        <p className="text-body-secondary mb-0">
          Invite the people you work with. When they pay for a membership, you earn referral points to trade
          for Premium or Pro days.
        </p>
      </div>

      {stats.isPending ? (
        <PageLoading label="Loading your referrals…" />
      ) : stats.isError ? (
        <div className="card mq-history-empty" role="alert">
          <p className="mb-3">{referrals.REFERRALS_LOAD_FAILED}</p>
          <button type="button" className="btn btn-primary" onClick={() => void stats.refetch()}>
            Try again
          </button>
        </div>
      ) : (
        <div className="row g-4">
          <div className="col-lg-8 mq-ref-main">
            <StatsCard stats={stats.data.stats} />
            <PointTradeCard currency="referral_points" balance={stats.data.stats.ref_points} />
            <RecentReferralsCard />
          </div>
          <div className="col-lg-4 mq-earn-side">
            <ReferralLinkCard />
            <BenefitsCard stats={stats.data.stats} />
            <RecentCreditsCard credits={stats.data.credits} />
          </div>
        </div>
      )}
    </Container>
  );
}

function StatsCard({ stats }: { stats: referrals.ReferralStats }) {
  const tiles: [label: string, value: string][] = [
    ['Referrals', formatCount(stats.ref_count)],
    ['Referral Points', formatCount(stats.ref_points)],
    ['Premium Days Earned', formatCount(stats.days_premium)],
    ['Pro Days Earned', formatCount(stats.days_pro)],
    ['Feature Points', formatCount(stats.feature_points)],
    ['Last Featured', stats.last_featured ? dayInWords(stats.last_featured) : 'Not yet'],
  ];
  return (
    <section className="card mq-earn-card mq-ref-stats" aria-labelledby="mq-ref-stats-title">
      <div className="card-body">
        <h2 id="mq-ref-stats-title" className="mq-earn-card__title">
          Your Referral Stats
        </h2>
        <dl className="mq-ref-stats__grid">
          {tiles.map(([label, value]) => (
            <div key={label} className="mq-ref-stats__tile">
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        {stats.held_ref_points > 0 && (
          <p className="small text-body-secondary mt-3 mb-0">
            {formatCount(stats.held_ref_points)} more referral points are on the way: the points of a payment
            arrive 14 days after it is made.
          </p>
        )}
      </div>
    </section>
  );
}
