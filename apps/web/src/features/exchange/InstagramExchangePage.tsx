import { useQuery } from '@tanstack/react-query';
import Container from 'react-bootstrap/Container';
import type { exchange } from '@marquee/contract';
import { PageLoading } from '../../ui/Preloader';
import { usePageTitle } from '../../ui/usePageTitle';
import { setupQuery, swapListsQuery } from './api';
import { ExchangeHead } from './ExchangeHead';
import { MembersOnlyPrompt, useIsFreeMember } from './MembershipRequired';
import { AdviceCard, MyInstagramListing, PromoCard } from './MyInstagramListing';
import { LoadFailed } from '../../ui/LoadState';
import { SetupForm } from './SetupForm';
import { SwapLists } from './SwapLists';

/**
 * /exchange/instagram (spec 4 §2, §4 stages): checking setup, then the setup form when the member
 * has no listing, else the two columns: the swaps waiting on the left, My Listing with its
 * reputation and Initiation Limit on the right.
 */
export default function InstagramExchangePage() {
  usePageTitle('Instagram Follows');
  const free = useIsFreeMember();
  return (
    <Container fluid="xl" className="mq-exchange">
      <ExchangeHead title="Instagram Follows">
        Follow members on Instagram and they follow you back, one for one.
      </ExchangeHead>
      {free ? <MembersOnlyPrompt /> : <InstagramExchange />}
    </Container>
  );
}

function InstagramExchange() {
  const setup = useQuery(setupQuery);
  if (setup.isPending) return <PageLoading label="Checking your Instagram listing…" />;
  if (setup.isError) {
    return (
      <LoadFailed
        className="mq-exchange-failed"
        what="your Instagram listing"
        error={setup.error}
        retrying={setup.isFetching}
        onRetry={() => void setup.refetch()}
      />
    );
  }
  if (!setup.data.setupDone || !setup.data.myListing) return <SetupForm />;
  return <TwoColumns setup={setup.data} listing={setup.data.myListing} />;
}

function TwoColumns({
  setup,
  listing,
}: {
  setup: exchange.CheckSetupAnswer;
  listing: exchange.InstagramListing;
}) {
  const lists = useQuery(swapListsQuery);
  const waiting = lists.data ? lists.data.reviewListings.length + lists.data.followBackListings.length : 0;
  return (
    <div className="row g-4">
      <div className="col-lg-8">
        <SwapLists lists={lists} />
      </div>
      <div className="col-lg-4 mq-exchange-side">
        <MyInstagramListing
          listing={listing}
          reputation={lists.data?.myReputation ?? setup.myReputation}
          repLimit={setup.myRepLimit}
          waiting={waiting}
          listsLoaded={lists.isSuccess}
        />
        <AdviceCard />
        {setup.promo && <PromoCard promo={setup.promo} />}
      </div>
    </div>
  );
}
