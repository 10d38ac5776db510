import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import Container from 'react-bootstrap/Container';
import { membership, PAID_LEVELS } from '@marquee/contract';
import { LoadingLine } from '../../ui/SideCard';
import { usePageTitle } from '../../ui/usePageTitle';
import { pricesQuery, summaryQuery } from './api';
import { CurrentSubscription } from './CurrentSubscription';
import { MembershipOptions } from './MembershipSummaryCard';
import { PricePanel } from './PricePanel';
import { SubscriptionCheckModal } from './SubscriptionCheckModal';

/**
 * The membership page (spec 1 §2 purchase panel, spec 3 §2): the Premium and Pro panels, the
 * member's current subscription, and after checkout (?checkout=complete) the subscription check.
 */
export default function MembershipPage() {
  usePageTitle('Membership');
  const [params, setParams] = useSearchParams();
  const prices = useQuery(pricesQuery);
  const summary = useQuery(summaryQuery);
  const checking = params.get('checkout') === 'complete';

  return (
    <Container fluid="xl">
      <div className="mq-page-head">
        <h1>Membership</h1>
        <p className="text-body-secondary mb-0">
          More Daily Actions, unlimited listings and the tools that move your IMDb page.
        </p>
      </div>
      {prices.isPending ? (
        <p className="text-body-secondary" aria-busy="true">
          Loading the membership options…
        </p>
      ) : prices.isError ? (
        <div className="alert alert-danger" role="alert">
          {membership.MEMBERSHIP_LOAD_FAILED}
        </div>
      ) : (
        <>
          {prices.data.status === 'current_sub' && prices.data.subInfo.message && (
            <CurrentSubscription message={prices.data.subInfo.message} />
          )}
          <div className="row g-4">
            {PAID_LEVELS.map((level) => (
              <div className="col-lg-6" key={level}>
                <PricePanel level={level} prices={prices.data} />
              </div>
            ))}
          </div>
        </>
      )}
      <section className="card mq-levels-card mt-4" aria-labelledby="mq-levels-title">
        <div className="card-body">
          <h2 id="mq-levels-title" className="mq-side-card__title">
            What each level gives you
          </h2>
          {summary.isPending ? (
            <LoadingLine>Loading…</LoadingLine>
          ) : summary.isError ? (
            <p className="text-danger mb-0">{membership.MEMBERSHIP_LOAD_FAILED}</p>
          ) : (
            <MembershipOptions options={summary.data.options} />
          )}
        </div>
      </section>
      {checking && (
        <SubscriptionCheckModal
          onClose={() => {
            params.delete('checkout');
            setParams(params, { replace: true });
          }}
        />
      )}
    </Container>
  );
}
