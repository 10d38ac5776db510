import { Link, Navigate, useLocation, useParams, useSearchParams } from 'react-router';
import Container from 'react-bootstrap/Container';
import { isPlatform, PLATFORM_NAME, type Platform } from '@marquee/contract';
import { usePageTitle } from '../../ui/usePageTitle';
import { EarnList } from '../earn';
import { RecentHistoryCard } from '../history';
import { MyListingsPanel } from '../listings';
import { ProOfferBanner, ProTrialOffer } from '../membership';
import { ProPanels } from '../pro';
import { SpecialBanner } from '../sponsored';
import { EarnSidebar } from './EarnSidebar';
import { FindListings } from './FindListings';

/** The tabs "IMDb, Twitter and YouTube" (spec 2 §2); Facebook only when reached by its link. */
const TABS: Platform[] = ['imdb', 'twitter', 'youtube'];

/**
 * The dashboard (spec 2 §2): the 'Earn Points' card with a tab per listing type, and beside it how
 * each type works. /dashboard/facebook is reached from a link, for verifying past likes.
 */
export default function DashboardPage() {
  usePageTitle('Dashboard');
  const { ltype } = useParams();
  const { pathname } = useLocation();
  const [, setParams] = useSearchParams();
  const base = pathname.startsWith('/v4/') || pathname === '/v4' ? '/v4/dashboard' : '/dashboard';
  if (ltype !== undefined && !isPlatform(ltype)) return <Navigate to={`${base}/imdb`} replace />;
  const platform: Platform = ltype ?? 'imdb';
  const tabs = platform === 'facebook' ? [...TABS, 'facebook' as const] : TABS;

  return (
    <Container fluid="xl">
      <div className="mq-page-head mq-dash-head">
        <h1>Dashboard</h1>
        <p className="text-body-secondary mb-0">
          Act on other members&rsquo; listings to earn points, then spend them on your own.
        </p>
      </div>
      <ProOfferBanner />
      <SpecialBanner onChooseListing={(id) => setParams({ listing: String(id) })} />
      <div className="row g-4">
        <div className="col-lg-8">
          <section className="card mq-earn-card" aria-labelledby="mq-earn-title">
            <div className="card-header mq-earn-card__head">
              <h2 id="mq-earn-title" className="mq-earn-card__title">
                Earn Points
              </h2>
              <nav aria-label="Listing types">
                <ul className="nav nav-tabs mq-earn-tabs">
                  {tabs.map((tab) => {
                    const current = tab === platform;
                    return (
                      <li className="nav-item" key={tab}>
                        <Link
                          className={`nav-link${current ? ' active' : ''}`}
                          to={`${base}/${tab}`}
                          aria-current={current ? 'page' : undefined}
                        >
                          {PLATFORM_NAME[tab]}
                        </Link>
                      </li>
                    );
                  })}
                </ul>
              </nav>
            </div>
            <div className="card-body mq-earn-card__body">
              <EarnList key={platform} platform={platform} />
            </div>
          </section>
          {platform === 'imdb' && <ProPanels />}
        </div>
        <div className="col-lg-4">
          <ProTrialOffer />
          <FindListings />
          <MyListingsPanel />
          <RecentHistoryCard />
          <EarnSidebar platform={platform} facebookHref={`${base}/facebook`} />
        </div>
      </div>
    </Container>
  );
}
