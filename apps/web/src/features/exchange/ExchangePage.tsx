import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import Container from 'react-bootstrap/Container';
import { InstagramIcon } from '../../ui/icons';
import { usePageTitle } from '../../ui/usePageTitle';
import { MembershipModal, useIsFreeMember } from './MembershipRequired';

/**
 * /exchange (spec 4 §2): the two exchanges, Instagram Follows and IMDb Views, each with what it is
 * and the way in. A free member sees the membership-requirements modal (spec 4 §6, EX1).
 */
export default function ExchangePage() {
  usePageTitle('Exchange');
  const free = useIsFreeMember();
  const [asking, setAsking] = useState(free);

  return (
    <Container fluid="xl" className="mq-exchange">
      <header className="mq-page-head">
        <h1>Exchange</h1>
        <p className="text-body-secondary mb-0">
          One for one with other members: a follow for a follow, a view for a view. No points change hands.
        </p>
      </header>
      <div className="row g-4">
        <div className="col-md-6">
          <ExchangeOption
            title="Instagram Follows"
            to="/exchange/instagram"
            icon={<InstagramIcon />}
            free={free}
            onLocked={() => setAsking(true)}
          >
            <p>
              List your Instagram profile, follow members who listed theirs, and they follow you back. Each
              completed swap raises both reputations.
            </p>
            <p className="mb-0">Instagram swaps do not count toward your Daily Actions.</p>
          </ExchangeOption>
        </div>
        <div className="col-md-6">
          <ExchangeOption
            title="IMDb Views"
            to="/exchange/imdb"
            icon={<span className="mq-exchange-option__imdb">IMDb</span>}
            free={free}
            onLocked={() => setAsking(true)}
          >
            <p>
              List your IMDb page on the View-For-View exchange and view other members&rsquo; pages. Every
              view you make is a view for you.
            </p>
            <p className="mb-0">IMDb views count toward your Daily Actions and move no points.</p>
          </ExchangeOption>
        </div>
      </div>
      {free && (
        <p className="mq-exchange-note">
          The Exchange is for Premium, Pro and Managed members.{' '}
          <button type="button" className="btn btn-link p-0 align-baseline" onClick={() => setAsking(true)}>
            See how to join
          </button>
        </p>
      )}
      <MembershipModal show={asking} onClose={() => setAsking(false)} />
    </Container>
  );
}

function ExchangeOption({
  title,
  to,
  icon,
  free,
  onLocked,
  children,
}: {
  title: string;
  to: string;
  icon: ReactNode;
  free: boolean;
  onLocked: () => void;
  children: ReactNode;
}) {
  const titleId = `mq-exchange-${to.split('/').pop()}`;
  return (
    <section className="card mq-exchange-option" aria-labelledby={titleId}>
      <div className="card-body">
        <div className="mq-exchange-option__icon" aria-hidden="true">
          {icon}
        </div>
        <h2 id={titleId} className="mq-exchange-option__title">
          {title}
        </h2>
        <div className="mq-exchange-option__text">{children}</div>
        {free ? (
          <button type="button" className="btn btn-primary" onClick={onLocked}>
            Open {title}
          </button>
        ) : (
          <Link to={to} className="btn btn-primary">
            Open {title}
          </Link>
        )}
      </div>
    </section>
  );
}
