import { useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { LEVEL_NAME, PAID_LEVELS, referrals, type PaidLevel } from '@marquee/contract';
import { ApiError, call } from '../../app/api';
import { useSession } from '../../app/session';
import { pointBalanceQuery, pointBalanceQueryKey } from '../points';
import { showError } from '../../ui/toast';
import { referralsKey } from './api';
import {
  DAY_CHOICES,
  dayPrice,
  formatCount,
  shortfall,
  tradeCost,
  tradeSummary,
  unitName,
  type TradeCurrency,
} from './trade';

const OPERATION = { points: referrals.tradePoints, referral_points: referrals.tradeReferralPoints } as const;

const TITLES: Record<TradeCurrency, { title: string; intro: string }> = {
  points: {
    title: 'Trade Points for Membership',
    intro: 'Turn the points you earned into Premium or Pro days.',
  },
  referral_points: {
    title: 'Referral Trade-In',
    intro: 'Turn the referral points your referrals earned you into Premium or Pro days.',
  },
};

interface PointTradeCardProps {
  /** Points (account/tradePoints, the default) or referral points (referrals/tradePoints). */
  currency?: TradeCurrency;
  /** The balance to trade from; for points it is read from the point box when left out. */
  balance?: number;
  className?: string;
}

/**
 * A trade of points or referral points for 2 to 10 Premium or Pro days (spec 3 §4, §5, §9): pick a
 * level and days, see the cost, confirm the summary, and the member the server answers is stored.
 */
export function PointTradeCard({ currency = 'points', balance, className = '' }: PointTradeCardProps) {
  const id = useId();
  const queryClient = useQueryClient();
  const { updateUser } = useSession();
  const pointBox = useQuery({
    ...pointBalanceQuery,
    enabled: currency === 'points' && balance === undefined,
  });
  const have = balance ?? (currency === 'points' ? pointBox.data?.points : undefined);
  // Spec 3 §4: the selection starts as none, then premium or pro, with a day count.
  const [level, setLevel] = useState<PaidLevel | null>(null);
  const [days, setDays] = useState<number>(referrals.TRADE_DAYS.min);
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const unit = unitName(currency);

  const trade = useMutation({
    mutationFn: (chosen: { level: PaidLevel; days: number }) =>
      call(OPERATION[currency], { ...chosen, multiplier: dayPrice(currency, chosen.level) }),
    onSuccess: (answer) => {
      updateUser(answer.user);
      setDone(answer.message);
      setConfirming(false);
      setLevel(null);
      void queryClient.invalidateQueries({ queryKey: referralsKey });
      void queryClient.invalidateQueries({ queryKey: pointBalanceQueryKey });
    },
    onError: (error) => {
      if (!(error instanceof ApiError) || error.isNetworkError) showError(error);
    },
    meta: { quiet: true },
  });

  const missing = level && have !== undefined ? shortfall(currency, level, days, have) : null;
  const { title, intro } = TITLES[currency];
  const formError =
    trade.error instanceof ApiError && !trade.error.isNetworkError ? trade.error.message : null;

  return (
    <section className={`card mq-trade ${className}`} aria-labelledby={`${id}-title`}>
      <div className="card-body">
        <h2 id={`${id}-title`} className="mq-side-card__title">
          {title}
        </h2>
        <p className="text-body-secondary mb-3">
          {intro}{' '}
          {have !== undefined && (
            <>
              You have <strong>{formatCount(have)}</strong> {unit}.
            </>
          )}
        </p>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (!level || missing) return;
            trade.reset();
            setDone(null);
            setConfirming(true);
          }}
        >
          <fieldset className="mq-trade__levels">
            <legend className="form-label">Membership</legend>
            <div className="mq-trade__choices">
              {PAID_LEVELS.map((option) => (
                <label key={option} className={`mq-trade__level${level === option ? ' is-chosen' : ''}`}>
                  <input
                    type="radio"
                    className="form-check-input"
                    name={`${id}-level`}
                    value={option}
                    checked={level === option}
                    onChange={() => {
                      setLevel(option);
                      setDone(null);
                    }}
                  />
                  <span>
                    <strong>{LEVEL_NAME[option]}</strong>
                    <span className="mq-trade__price">
                      {formatCount(dayPrice(currency, option))} {unit} a day
                    </span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
          <div className="mq-trade__row">
            <div>
              <label className="form-label" htmlFor={`${id}-days`}>
                Days
              </label>
              <select
                id={`${id}-days`}
                className="form-select"
                value={days}
                onChange={(event) => setDays(Number(event.target.value))}
              >
                {DAY_CHOICES.map((n) => (
                  <option key={n} value={n}>
                    {n} days
                  </option>
                ))}
              </select>
            </div>
            <p className="mq-trade__cost" aria-live="polite">
              {level ? (
                <>
                  Cost: <strong>{formatCount(tradeCost(currency, level, days))}</strong> {unit}
                </>
              ) : (
                'Choose Premium or Pro to see the cost.'
              )}
            </p>
            <Button type="submit" variant="primary" disabled={!level || Boolean(missing) || trade.isPending}>
              Trade
            </Button>
          </div>
          {missing && <p className="small text-danger-emphasis mt-2 mb-0">{missing}</p>}
        </form>
        {done && (
          <div className="alert alert-success mt-3 mb-0" role="status">
            {done}
          </div>
        )}
      </div>

      <Modal
        show={confirming && level !== null}
        onHide={() => !trade.isPending && setConfirming(false)}
        centered
        aria-labelledby={`${id}-confirm`}
      >
        <Modal.Header closeButton closeLabel="Cancel">
          <Modal.Title id={`${id}-confirm`} as="h2" className="h5">
            Confirm your trade
          </Modal.Title>
        </Modal.Header>
        {level && (
          <Modal.Body>
            <p className="fw-semibold">{tradeSummary(currency, level, days, have ?? 0).question}</p>
            <p className="mb-0">{tradeSummary(currency, level, days, have ?? 0).after}</p>
            {formError && (
              <div className="alert alert-danger mt-3 mb-0" role="alert">
                {formError}
              </div>
            )}
          </Modal.Body>
        )}
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={() => setConfirming(false)} disabled={trade.isPending}>
            Cancel
          </Button>
          <Button
            variant="primary"
            disabled={trade.isPending}
            onClick={() => level && trade.mutate({ level, days })}
          >
            {trade.isPending ? 'Trading…' : 'Confirm Trade'}
          </Button>
        </Modal.Footer>
      </Modal>
    </section>
  );
}
