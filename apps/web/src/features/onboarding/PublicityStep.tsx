import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { MyListingsPanel } from '../listings';
import { myListingsQuery } from '../listings';
import type { StepProps } from './steps';

/**
 * Step 4: the dashboard's own My Listings panel: Add Listing (the IMDb page first), and in each
 * listing's window the points it gives and its sponsored views. A listing added asks the server.
 */
export function PublicityStep({ done, onEffect }: StepProps) {
  const mine = useQuery(myListingsQuery);
  const count = mine.data?.listings.length ?? 0;
  useEffect(() => {
    if (!done && count > 0) onEffect();
  }, [count, done, onEffect]);

  return (
    <div className="row g-4">
      <div className="col-lg-6">
        <p>
          Your points pay other members to view your IMDb page, follow you or watch your reel. Add a listing
          and choose the points each action gives: the more you give, the sooner members act.
        </p>
        <ul className="mq-wizard-tips">
          <li>
            <strong>Add Listing</strong>: your IMDb page, Twitter profile or a YouTube video.
          </li>
          <li>
            <strong>Sponsored views</strong>: open your listing to buy views that come first in every
            member&rsquo;s list.
          </li>
        </ul>
      </div>
      <div className="col-lg-6">
        <MyListingsPanel />
      </div>
    </div>
  );
}
