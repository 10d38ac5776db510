import { Link } from 'react-router';
import Container from 'react-bootstrap/Container';
import { LEVEL_NAME, LISTING_TYPE_WORDS } from '@marquee/contract';
import PublicLayout from '../../app/shell/PublicLayout';
import { LevelIcon } from '../../ui/icons';
import { MarqueeMark } from '../../ui/Wordmark';
import { usePageTitle } from '../../ui/usePageTitle';
import { PlatformIcon } from '../listings';

/** How points move, in the order a member meets it (spec 1 §1, D5, D6). */
const STEPS = [
  {
    title: 'Earn',
    text: 'On your dashboard, open another member’s IMDb page, Twitter profile or YouTube video and do the action: answer a quick question about the IMDb page, follow the profile, or watch the video for 30 seconds. The points its owner offers are yours.',
  },
  {
    title: 'Spend',
    text: 'List your own IMDb page, Twitter profile or YouTube videos and choose how many points each view or follow pays. Members who act on your listings are paid from your balance.',
  },
  {
    title: 'Kept honest',
    text: 'Follows are checked on the platform, and a follow that was never made is given back. Every point you earn or spend shows in your History, with the member on the other side.',
  },
] as const;

/** What members act on, and what each action asks of them (spec 1 §4, D5). */
const ACTIONS = [
  {
    platform: 'imdb',
    name: `${LISTING_TYPE_WORDS['imdb-view'].target}s`,
    action: 'View the page and answer one question about it',
  },
  {
    platform: 'twitter',
    name: `${LISTING_TYPE_WORDS['twitter-follow'].target}s`,
    action: 'Follow, then confirm: we check the follow',
  },
  {
    platform: 'youtube',
    name: `${LISTING_TYPE_WORDS['youtube-view'].target}s`,
    action: 'Watch for 30 seconds',
  },
] as const;

/** The community pages members share besides the exchange (spec 1, spec 2, spec 3). */
const COMMUNITY = [
  { title: 'News feed', text: 'Share news of your work, and like and comment on other members’ posts.' },
  { title: 'Messages', text: 'Talk one to one with other members.' },
  { title: 'Profiles', text: 'Your headshots, jobs, location, bio and videos on one page.' },
  {
    title: 'Featured members',
    text: 'Each day the home page features members who ask to be, and the videos members rate best.',
  },
  {
    title: 'Welcome for newcomers',
    text: 'New members are shown on the home page in their first week, so colleagues can say hello.',
  },
  {
    title: 'Referrals',
    text: 'Invite colleagues with your own link; when they pay for a membership, you are rewarded.',
  },
] as const;

/** The levels (spec 2 §6, D6.3); prices are shown on the Membership page once signed in. */
const LEVELS = [
  {
    name: LEVEL_NAME.free,
    icon: 'check',
    points: ['One listing of each type', '20 daily actions', 'Reply to the messages members send you'],
  },
  {
    name: LEVEL_NAME.premium,
    icon: 'star',
    points: [
      'Unlimited listings and photos',
      '60 daily actions, more with referrals',
      'Start conversations with any member',
    ],
  },
  {
    name: LEVEL_NAME.pro,
    icon: 'rocket',
    points: [
      'Everything in Premium',
      'Week-by-week stats of your IMDb page’s views',
      'The browser extension for IMDb views',
    ],
  },
  {
    name: LEVEL_NAME.managed,
    icon: 'crown',
    points: ['A paid monthly service', 'We work to keep your IMDb page at the rank you aim for'],
  },
] as const;

function JoinButtons({ where }: { where: string }) {
  return (
    <div className="mq-landing__actions">
      <Link to="/signup" className="btn btn-accent btn-lg" aria-describedby={`${where}-join-note`}>
        Sign up
      </Link>
      <Link to="/login" className="btn btn-outline-light btn-lg">
        Sign in
      </Link>
    </div>
  );
}

/**
 * `/` for visitors who are not signed in: what Marquee is, how points work, the community and the
 * memberships, with the ways in. Members see their News Feed at the same address.
 */
export default function LandingPage() {
  usePageTitle('Marquee: the community for film and TV professionals');
  return (
    <PublicLayout>
      <div className="mq-landing">
        <section className="mq-landing__hero mq-on-indigo" aria-labelledby="mq-landing-title">
          <Container fluid="xl">
            <div className="mq-landing__hero-grid">
              <div className="mq-landing__hero-inner">
                <p className="mq-landing__kicker">
                  <MarqueeMark size={22} /> Members only · Film and TV
                </p>
                <h1 id="mq-landing-title">
                  The community where film and TV professionals help each other get seen.
                </h1>
                <p className="mq-landing__lead">
                  Marquee members view, follow and watch each other’s IMDb pages, Twitter profiles and YouTube
                  videos. Every action earns you points, and you spend points to have members do the same for
                  your own pages.
                </p>
                <JoinButtons where="hero" />
                <p id="hero-join-note" className="mq-landing__note">
                  Joining is free. Confirm your email address and you start with 100 points.
                </p>
              </div>
              <aside className="mq-landing__aside card" aria-labelledby="mq-landing-actions">
                <div className="card-body">
                  <h2 id="mq-landing-actions" className="mq-landing__aside-title">
                    What members do for each other
                  </h2>
                  <ul className="mq-landing__platforms">
                    {ACTIONS.map((item) => (
                      <li key={item.platform}>
                        <PlatformIcon platform={item.platform} size={40} />
                        <span>
                          <strong>{item.name}</strong>
                          <span className="d-block small text-body-secondary">{item.action}</span>
                        </span>
                      </li>
                    ))}
                  </ul>
                </div>
              </aside>
            </div>
          </Container>
        </section>

        <section className="mq-landing__section" aria-labelledby="mq-landing-points">
          <Container fluid="xl">
            <h2 id="mq-landing-points">How points work</h2>
            <ol className="mq-landing__steps">
              {STEPS.map((step, i) => (
                <li key={step.title} className="card">
                  <div className="card-body">
                    <span className="mq-landing__step-number" aria-hidden="true">
                      {i + 1}
                    </span>
                    <h3>{step.title}</h3>
                    <p className="mb-0">{step.text}</p>
                  </div>
                </li>
              ))}
            </ol>
          </Container>
        </section>

        <section
          className="mq-landing__section mq-landing__section--tint"
          aria-labelledby="mq-landing-community"
        >
          <Container fluid="xl">
            <h2 id="mq-landing-community">A community, not just an exchange</h2>
            <p className="mq-landing__intro">
              Marquee is for people who work in film and television: actors, writers, directors, crew and
              producers. Behind the points is a place to share your news and meet colleagues.
            </p>
            <ul className="mq-landing__features">
              {COMMUNITY.map((item) => (
                <li key={item.title}>
                  <h3>{item.title}</h3>
                  <p className="mb-0">{item.text}</p>
                </li>
              ))}
            </ul>
          </Container>
        </section>

        <section className="mq-landing__section" aria-labelledby="mq-landing-levels">
          <Container fluid="xl">
            <h2 id="mq-landing-levels">Memberships</h2>
            <p className="mq-landing__intro">
              Everyone starts free. Premium and Pro add more daily actions and tools; you can change your
              membership at any time, and see the prices, once you have joined.
            </p>
            <ul className="mq-landing__levels">
              {LEVELS.map((level) => (
                <li key={level.name} className="card">
                  <div className="card-body">
                    <h3>
                      <span className="mq-landing__level-icon">
                        <LevelIcon icon={level.icon} />
                      </span>
                      {level.name}
                    </h3>
                    <ul className="mq-landing__level-points">
                      {level.points.map((point) => (
                        <li key={point}>{point}</li>
                      ))}
                    </ul>
                  </div>
                </li>
              ))}
            </ul>
          </Container>
        </section>

        <section className="mq-landing__join mq-on-indigo" aria-labelledby="mq-landing-join">
          <Container fluid="xl">
            <h2 id="mq-landing-join">Ready to join?</h2>
            <p className="mq-landing__lead">
              Create your account with your IMDb page, confirm your email, and start earning on your
              dashboard.
            </p>
            <JoinButtons where="foot" />
            <p id="foot-join-note" className="mq-landing__note">
              Already a member? Sign in with your username or email.
            </p>
          </Container>
        </section>
      </div>
    </PublicLayout>
  );
}
