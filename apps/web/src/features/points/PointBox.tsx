import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { points } from '@marquee/contract';
import { pointBalanceQuery } from './api';

const count = new Intl.NumberFormat('en-US');

/** The top bar's balance (spec 1 §7): first fetched 500 ms after it appears, refreshed by any feature that moves points. */
export function PointBox({ className = '' }: { className?: string }) {
  const [started, setStarted] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setStarted(true), points.POINT_BOX_FIRST_FETCH_MS);
    return () => window.clearTimeout(timer);
  }, []);
  const balance = useQuery({ ...pointBalanceQuery, enabled: started });

  if (balance.isError && !balance.data) {
    return (
      <div
        className={`mq-point-box mq-point-box--failed ${className}`}
        role="status"
        aria-label="Point balance"
      >
        {points.POINT_BALANCE_FAILED}
      </div>
    );
  }
  return (
    <div
      className={`mq-point-box ${className}`}
      role="status"
      aria-label="Point balance"
      aria-busy={!balance.data}
    >
      {balance.data ? (
        <>
          <span className="mq-point-box__points">{count.format(balance.data.points)} points</span>
          <span className="mq-point-box__actions">
            {balance.data.actions}/{balance.data.max} daily actions
          </span>
        </>
      ) : (
        <span className="mq-point-box__actions">Counting your points…</span>
      )}
    </div>
  );
}
