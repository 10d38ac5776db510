import { useCallback, useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import Container from 'react-bootstrap/Container';
import Spinner from 'react-bootstrap/Spinner';
import { useQueryClient } from '@tanstack/react-query';
import { managed, membership, type CurrentUser } from '@marquee/contract';
import { useSession } from '../../app/session';
import { usePageTitle } from '../../ui/usePageTitle';
import { useSubscriptionCheck } from '../membership';
import { checkManagedSubscription, forgetInvitationCode } from './subscribeApi';

const { MANAGED_TEXTS } = managed;
const { SUBSCRIPTION_CHECK } = membership;

/**
 * /managed/subscribed (spec 4 §2, §4; docs/domain.md MR5): where the checkout sends the member back.
 * It asks whether the subscription is there every 5 s, at most 10 times, saying meanwhile that
 * confirmation can take up to 30 seconds; once found the member is managed and /managed opens 1 s
 * later, else the not-found text of spec 4 §8.
 */
export default function SubscribedPage() {
  usePageTitle('Confirming Managed Rank');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { updateUser } = useSession();
  const found = useCallback(
    (user: CurrentUser) => {
      updateUser(user);
      forgetInvitationCode();
      void queryClient.invalidateQueries({ queryKey: ['managed'] });
    },
    [updateUser, queryClient],
  );
  const state = useSubscriptionCheck(checkManagedSubscription, found);

  useEffect(() => {
    if (state.kind !== 'found') return;
    const timer = window.setTimeout(
      () => navigate('/v4/managed', { replace: true }),
      SUBSCRIPTION_CHECK.redirectAfterMs,
    );
    return () => window.clearTimeout(timer);
  }, [state.kind, navigate]);

  return (
    <Container fluid="xl" className="mq-subscribed">
      <header className="mq-page-head">
        <h1>
          {state.kind === 'found'
            ? 'Welcome to Managed Rank!'
            : state.kind === 'notFound'
              ? 'We could not confirm your subscription'
              : 'Confirming your subscription'}
        </h1>
      </header>
      <section className="card mq-subscribe__card mq-subscribed__card" aria-live="polite">
        <div className="card-body">
          {state.kind === 'checking' && (
            <div role="status">
              <p className="mq-subscribed__wait">
                <Spinner animation="border" size="sm" aria-hidden="true" /> {MANAGED_TEXTS.confirmationWait}
              </p>
              <p className="text-body-secondary mb-0">
                We are confirming your payment with the payment provider. Please keep this page open.
              </p>
            </div>
          )}
          {state.kind === 'found' && (
            <p className="mb-0" role="status">
              Your subscription is confirmed and a receipt is on its way to your email. Taking you to Managed
              Rank…
            </p>
          )}
          {state.kind === 'notFound' && (
            <>
              <p className="alert alert-danger" role="alert">
                {MANAGED_TEXTS.notFound}
              </p>
              <div className="mq-subscribe__actions">
                <Link to="/managed" className="btn btn-primary">
                  Back to Managed Rank
                </Link>
                <Link to="/help" className="btn btn-outline-primary">
                  Help Center
                </Link>
              </div>
            </>
          )}
        </div>
      </section>
    </Container>
  );
}
