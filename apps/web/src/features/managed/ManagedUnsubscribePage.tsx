import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import Container from 'react-bootstrap/Container';
import { managed } from '@marquee/contract';
import { ApiError, call } from '../../app/api';
import { useSession } from '../../app/session';
import { usePageTitle } from '../../ui/usePageTitle';

type Outcome = { kind: 'working' } | { kind: 'done'; message: string } | { kind: 'failed'; message: string };

/** One request per link, even when the page is drawn twice. */
const asked = new Map<string, Promise<{ message: string }>>();
const unsubscribe = (uc: string) => call(managed.unsubscribe, { uc });

/**
 * /managed/unsubscribe?uc= (docs/domain.md MR3): the link at the foot of the Managed Rank invitation.
 * Opening it turns the member's Managed Rank mail off, signed in or not, and says so.
 */
export default function ManagedUnsubscribePage() {
  usePageTitle('Managed Rank emails');
  const { user } = useSession();
  const uc = new URLSearchParams(window.location.search).get('uc') ?? '';
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'working' });

  useEffect(() => {
    let live = true;
    let request = asked.get(uc);
    if (!request) {
      request = uc ? unsubscribe(uc) : Promise.reject(new Error(managed.UNSUBSCRIBE_LINK_INVALID));
      asked.set(uc, request);
    }
    request.then(
      (answer) => {
        if (live) setOutcome({ kind: 'done', message: answer.message });
      },
      (failure: unknown) => {
        if (!live) return;
        const message =
          failure instanceof ApiError || failure instanceof Error
            ? failure.message
            : 'Something went wrong. Please try again.';
        setOutcome({ kind: 'failed', message });
      },
    );
    return () => {
      live = false;
    };
  }, [uc]);

  return (
    <Container fluid="xl">
      <div className="card mq-soon mq-unsubscribe mx-auto">
        <h1 className="mb-3">Managed Rank emails</h1>
        {outcome.kind === 'working' && (
          <p role="status" className="text-body-secondary">
            <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
            Turning off Managed Rank emails…
          </p>
        )}
        {outcome.kind === 'done' && (
          <p role="status" className="mb-4">
            {outcome.message}
          </p>
        )}
        {outcome.kind === 'failed' && (
          <div className="alert alert-danger" role="alert">
            {outcome.message}
          </div>
        )}
        {outcome.kind !== 'working' && (
          <div>
            <Link to={user ? '/account' : '/login'} className="btn btn-primary">
              {user ? 'Go to your Account page' : 'Log in to Marquee'}
            </Link>
          </div>
        )}
      </div>
    </Container>
  );
}
