import { useRef } from 'react';
import Container from 'react-bootstrap/Container';
import { usePageTitle } from '../../ui/usePageTitle';
import { ExchangeHead } from './ExchangeHead';
import { ImdbListings } from './ImdbListings';
import { MembersOnlyPrompt, useIsFreeMember } from './MembershipRequired';
import { MyImdbListing } from './MyImdbListing';
import { ThisWeek } from './ThisWeek';

/**
 * /exchange/imdb (spec 4 §2, D7.2): Available Listings on the left, viewed like the dashboard's; on
 * the right My Listing with its View-For-View checkbox and This Week.
 */
export default function ImdbExchangePage() {
  usePageTitle('IMDb Views');
  const free = useIsFreeMember();
  const checkbox = useRef<HTMLInputElement>(null);
  return (
    <Container fluid="xl" className="mq-exchange">
      <ExchangeHead title="IMDb Views">
        View members&rsquo; IMDb pages and they view yours: a view for a view, with no points spent.
      </ExchangeHead>
      {free ? (
        <MembersOnlyPrompt />
      ) : (
        <div className="row g-4">
          <div className="col-lg-8">
            <section className="card mq-earn-card" aria-labelledby="mq-v4v-title">
              <div className="card-header mq-earn-card__head">
                <h2 id="mq-v4v-title" className="mq-earn-card__title">
                  Available Listings
                </h2>
              </div>
              <div className="card-body mq-earn-card__body">
                <ImdbListings onOptIn={() => checkbox.current?.focus()} />
              </div>
            </section>
          </div>
          <div className="col-lg-4 mq-exchange-side">
            <MyImdbListing checkboxRef={checkbox} />
            <ThisWeek />
          </div>
        </div>
      )}
    </Container>
  );
}
