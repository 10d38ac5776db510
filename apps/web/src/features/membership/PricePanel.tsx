import { useId, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import Alert from 'react-bootstrap/Alert';
import Spinner from 'react-bootstrap/Spinner';
import { LEVEL_NAME, membership, type PaidLevel } from '@marquee/contract';
import { call } from '../../app/api';
import { defaultRow, levelTagline, monthsLabel } from './plans';
import { ProTradeForm } from './ProTradeForm';

type Prices = membership.MembershipPricesAnswer;
type Tab = 'subscription' | 'once';
type Route = 'card' | 'paypal';

/** Starts a checkout through the contract's checkout calls; the server picks the price (D10). */
function startCheckout(
  level: PaidLevel,
  row: membership.PriceOption,
  tab: Tab,
  route: Route,
): Promise<membership.CheckoutAnswer> {
  if (tab === 'subscription') {
    return call(membership.subscribeCheckout, {
      level,
      months: row.months,
      provider: route === 'paypal' ? 'paypal' : 'stripe',
    });
  }
  if (route === 'card') {
    return call(membership.chargeCheckout, {
      level,
      months: row.months,
      amountPennies: row.amountPennies,
    });
  }
  return call(membership.paypalCheckout, { level, months: row.months });
}

/**
 * One level's purchase panel (spec 1 §2, §4): the Subscription and One Time Payment tabs, the table
 * of months (its total column hidden at 500 px or less), and the pay buttons; loading the provider's
 * page shows 'processing', a refusal a red alert. Pro also offers the premium-for-pro trade.
 */
export function PricePanel({ level, prices }: { level: PaidLevel; prices: Prices }) {
  const rows = prices[level];
  const canSubscribe = prices.canSubscribe === 'yes';
  const [tab, setTab] = useState<Tab>(canSubscribe ? 'subscription' : 'once');
  const [selected, setSelected] = useState(() => defaultRow(level, rows.length));
  const id = useId();
  const name = LEVEL_NAME[level];
  const checkout = useMutation({
    mutationFn: ({ route }: { route: Route }) =>
      startCheckout(level, rows[selected] as membership.PriceOption, tab, route),
    onSuccess: (answer) => window.location.assign(answer.redirect),
    meta: { quiet: true },
  });
  const activeTab: Tab = canSubscribe ? tab : 'once';
  const row = rows[selected];
  // The server's numbers (docs/domain.md MEM1, MEM2): the "from" price and what the level gives.
  const offer = prices.levels[level];
  const tabs: { key: Tab; label: string }[] = [
    ...(canSubscribe ? [{ key: 'subscription' as const, label: 'Subscription' }] : []),
    { key: 'once', label: 'One Time Payment' },
  ];
  const busy = checkout.isPending || checkout.isSuccess;

  return (
    <section className={`card mq-plan mq-plan--${level}`} aria-labelledby={`${id}-title`}>
      <div className="card-header mq-plan__head">
        <h2 id={`${id}-title`} className="mq-plan__title">
          {name}
        </h2>
        {offer.fromPennies > 0 && (
          <p className="mq-plan__from">
            from <strong>{offer.from}</strong>/mo
          </p>
        )}
        <p className="mq-plan__tagline">{levelTagline(offer.abilities)}</p>
      </div>
      <div className="card-body">
        <ul className="nav nav-pills mq-plan__tabs" role="tablist" aria-label={`${name}: how to pay`}>
          {tabs.map((t) => (
            <li className="nav-item" key={t.key} role="presentation">
              <button
                type="button"
                role="tab"
                id={`${id}-tab-${t.key}`}
                aria-controls={`${id}-panel`}
                aria-selected={activeTab === t.key}
                className={`nav-link${activeTab === t.key ? ' active' : ''}`}
                onClick={() => {
                  setTab(t.key);
                  checkout.reset();
                }}
              >
                {t.label}
              </button>
            </li>
          ))}
        </ul>
        <div id={`${id}-panel`} role="tabpanel" aria-labelledby={`${id}-tab-${activeTab}`}>
          <table className="table mq-plan__table">
            <caption className="visually-hidden">
              {name}, {activeTab === 'subscription' ? 'renewing subscription' : 'one time payment'}
            </caption>
            <thead>
              <tr>
                <th scope="col">Months</th>
                <th scope="col">Per month</th>
                <th scope="col" className="mq-plan__total">
                  {activeTab === 'subscription' ? 'Billed' : 'Total'}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r, i) => {
                const chosen = i === selected;
                return (
                  <tr
                    key={r.months}
                    className={chosen ? 'is-selected' : undefined}
                    onClick={() => setSelected(i)}
                  >
                    <td>
                      <label className="mq-plan__choice">
                        <input
                          type="radio"
                          className="form-check-input"
                          name={`${id}-months`}
                          checked={chosen}
                          onChange={() => setSelected(i)}
                        />
                        {monthsLabel(r.months)}
                      </label>
                    </td>
                    <td>{activeTab === 'subscription' ? r.subpermonth : r.permonth}</td>
                    <td className="mq-plan__total">
                      {activeTab === 'subscription'
                        ? `${r.subscribed} every ${monthsLabel(r.months)}`
                        : r.unsubscribed}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          {checkout.isError && (
            <Alert variant="danger" className="mq-plan__error">
              {checkout.error.message}
            </Alert>
          )}
          {row && (
            <div className="mq-plan__actions">
              {(activeTab === 'subscription' || row.use_stripe === 'yes') && (
                <button
                  type="button"
                  className="btn btn-primary"
                  disabled={busy}
                  onClick={() => checkout.mutate({ route: 'card' })}
                >
                  {activeTab === 'subscription' ? 'Subscribe with Card' : `Pay ${row.unsubscribed} with Card`}
                </button>
              )}
              {(activeTab === 'subscription' ? row.subCode !== '' : prices.alternate === 'yes') && (
                <button
                  type="button"
                  className="btn btn-outline-primary"
                  disabled={busy}
                  onClick={() => checkout.mutate({ route: 'paypal' })}
                >
                  {activeTab === 'subscription' ? 'Subscribe with PayPal' : 'Pay with PayPal'}
                </button>
              )}
            </div>
          )}
          {busy && (
            <p className="mq-plan__processing" role="status">
              <Spinner animation="border" size="sm" aria-hidden="true" /> Taking you to the secure checkout…
            </p>
          )}
          <p className="mq-plan__fine">
            {activeTab === 'subscription'
              ? `Renews every ${row ? monthsLabel(row.months) : 'period'} until you cancel. Your days carry on to the end of what you paid for.`
              : 'Paid once, no renewal. The months add to any time you still have.'}
          </p>
        </div>
        {level === 'pro' && <ProTradeForm trade={prices.proTrade} />}
      </div>
    </section>
  );
}
