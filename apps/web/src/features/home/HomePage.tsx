import { Link, useParams } from 'react-router';
import Container from 'react-bootstrap/Container';
import { useQuery } from '@tanstack/react-query';
import { home } from '@marquee/contract';
import { useCurrentUser } from '../../app/session';
import { usePageTitle } from '../../ui/usePageTitle';
import { NewsFeed } from '../news';
import { FeaturedMembers } from '../featured-members';
import { FeaturedVideoCard } from './FeaturedVideo';
import { HomePointsCard, PromoCard, RecentPostsCard } from './HomeSideCards';
import { NewMembers } from './NewMembers';
import { newMembersQuery } from './api';
import { useMinWidth } from './useMinWidth';

/**
 * The home page (spec 1 Home page): over 1199 px three columns (featured, the news feed, points and
 * the board); narrower, the feed first with the cards beside or below it. The feed comes first in the
 * page too, so keyboard and screen reader users reach it before the side cards.
 */
export default function HomePage() {
  usePageTitle('Home');
  const user = useCurrentUser();
  const greeting = useQuery(newMembersQuery).data?.greeting;
  const { id } = useParams();
  const singleNewsId = id && /^\d{1,10}$/.test(id) ? Number(id) : undefined;
  // The carousel is neither shown nor asked for on narrower screens (spec 1 Home page).
  const roomForCarousel = useMinWidth(home.HOME.carouselMinWidth);

  return (
    <Container fluid="xl" className="mq-home">
      <div className="mq-page-head mq-home__head">
        <h1>Home</h1>
        <p className="text-body-secondary mb-0">
          {/* A new member is welcomed, never welcomed back (docs/domain.md Home page). */}
          {greeting === 'welcome'
            ? `Welcome to Marquee, ${user.first}! `
            : greeting === 'welcome_back'
              ? `Welcome back, ${user.first}. `
              : ''}
          Here is what the Marquee community is up to.
        </p>
      </div>
      <div className="mq-home__grid">
        <div className="mq-home__feed">
          {singleNewsId !== undefined && (
            <p className="mb-3">
              <Link to="/home">See the whole news feed</Link>
            </p>
          )}
          <NewsFeed singleNewsId={singleNewsId} />
        </div>
        <div className="mq-home__left">
          {roomForCarousel && <FeaturedMembers />}
          <FeaturedVideoCard />
          <NewMembers />
        </div>
        <div className="mq-home__right">
          <HomePointsCard />
          <PromoCard />
          <RecentPostsCard />
        </div>
      </div>
    </Container>
  );
}
