import { useEffect, useId, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { EarnList } from '../earn';
import { pointBalanceQuery } from '../points';
import type { StepProps } from './steps';

/**
 * Step 3: the dashboard's real IMDb earn list; a view is credited by the usual rules (D5). Every
 * credit refreshes the point box; when the balance grows the page asks the server whether the step is done.
 */
export function EarnStep({ done, onEffect }: StepProps) {
  const id = useId();
  const points = useQuery(pointBalanceQuery).data?.points;
  const before = useRef(points);
  useEffect(() => {
    const grew = points !== undefined && before.current !== undefined && points > before.current;
    before.current = points;
    if (grew && !done) onEffect();
  }, [points, done, onEffect]);

  return (
    <>
      <ol className="mq-wizard-howto">
        <li>
          Press <strong>Start</strong> on a listing: the member&rsquo;s IMDb page opens in a new tab.
        </li>
        <li>Find the number the question asks for on that page.</li>
        <li>
          Come back, type it in and press <strong>Submit Answer</strong>. The points are yours at once.
        </li>
      </ol>
      <section className="card mq-earn-card mq-wizard-earn" aria-labelledby={`${id}-title`}>
        <div className="card-header mq-earn-card__head">
          <h3 id={`${id}-title`} className="mq-earn-card__title">
            Earn Points
          </h3>
        </div>
        <div className="card-body mq-earn-card__body">
          <EarnList platform="imdb" />
        </div>
      </section>
    </>
  );
}
