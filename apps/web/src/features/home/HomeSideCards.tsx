import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { board, points } from '@marquee/contract';
import { useCurrentUser } from '../../app/session';
import { LoadingLine, SideCard } from '../../ui/SideCard';
import { pointBalanceQuery } from '../points';
import { recentPostsQuery } from './api';

const count = new Intl.NumberFormat('en-US');

/** The points balance card: the top bar's balance query, asked no sooner than the top bar asks it. */
export function HomePointsCard() {
  const [started, setStarted] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setStarted(true), points.POINT_BOX_FIRST_FETCH_MS);
    return () => window.clearTimeout(timer);
  }, []);
  const balance = useQuery({ ...pointBalanceQuery, enabled: started });
  return (
    <SideCard title="Your Points" className="mq-home-points">
      {balance.data ? (
        <>
          <p className="mq-home-points__total mb-1">
            {count.format(balance.data.points)} <span>points</span>
          </p>
          <p className="small text-body-secondary mb-3">
            {balance.data.actions} of {balance.data.max} daily actions used today
          </p>
          <Link to="/dashboard" className="btn btn-primary btn-sm">
            Earn more points
          </Link>
        </>
      ) : balance.isError ? (
        <p className="text-body-secondary mb-0">{points.POINT_BALANCE_FAILED}</p>
      ) : (
        <LoadingLine>Counting your points…</LoadingLine>
      )}
    </SideCard>
  );
}

const PROMOS = {
  free: {
    kicker: 'Marquee Premium',
    title: 'Triple your daily actions',
    text: 'Premium members get 60 daily actions, unlimited listings and photos, and can start new board topics.',
    link: '/membership',
    cta: 'See membership options',
  },
  paid: {
    kicker: 'Marquee Pro',
    title: 'Let the extension do your IMDb views',
    text: 'Pro adds the Marquee browser extension, historical rank tracking and an optimised rate limit.',
    link: '/membership',
    cta: 'Compare Pro',
  },
  top: {
    kicker: 'Referrals',
    title: 'Bring a colleague to Marquee',
    text: 'Invite the people you work with: every referral who upgrades earns you referral points and more daily actions.',
    link: '/referrals',
    cta: 'Get your referral link',
  },
} as const;

/** The ad slot: Marquee's own offer for this member, never another advertiser's. */
export function PromoCard() {
  const user = useCurrentUser();
  const promo =
    user.membership === 'free' ? PROMOS.free : user.membership === 'premium' ? PROMOS.paid : PROMOS.top;
  return (
    <section className="card mq-promo" aria-label={`From Marquee: ${promo.title}`}>
      <div className="card-body">
        <p className="mq-promo__kicker mb-1">{promo.kicker}</p>
        <p className="mq-promo__title mb-2">{promo.title}</p>
        <p className="small mb-3">{promo.text}</p>
        <Link to={promo.link} className="btn btn-warning btn-sm">
          {promo.cta}
        </Link>
      </div>
    </section>
  );
}

/** Recent Board Posts (spec 1 Home page): the newest threads, and the way to the board. */
export function RecentPostsCard() {
  const recent = useQuery(recentPostsQuery);
  return (
    <SideCard title="Recent Board Posts" className="mq-recent-posts">
      {recent.isPending ? (
        <LoadingLine>Loading the board…</LoadingLine>
      ) : recent.isError ? (
        <p className="text-body-secondary mb-0">We could not load the board’s recent posts just now.</p>
      ) : recent.data.threads.length === 0 ? (
        <p className="mb-0">No posts yet: be the first to start a conversation.</p>
      ) : (
        <ul className="mq-recent-posts__list">
          {recent.data.threads.map((t) => (
            <li key={t.id}>
              <Link to={board.threadPath(t)} className="mq-recent-posts__title">
                {t.title}
              </Link>
              <span className="mq-recent-posts__meta">
                {t.category_name} · by {t.user_name} · {t.post_ago}
              </span>
            </li>
          ))}
        </ul>
      )}
      <Link to={board.BOARD_PATH} className="d-inline-block mt-3 fw-semibold">
        Go to the Message Board
      </Link>
    </SideCard>
  );
}
