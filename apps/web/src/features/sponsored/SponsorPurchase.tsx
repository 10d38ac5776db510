import { useId, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import Alert from 'react-bootstrap/Alert';
import Spinner from 'react-bootstrap/Spinner';
import { listings, sponsored } from '@marquee/contract';
import { call } from '../../app/api';
import { actionsWord, defaultOption, optionKey, type SponsorTone } from './sponsor';

type Route = 'card' | 'paypal';
type Option = sponsored.SponsorOption;

const TONE_WORDS: Record<SponsorTone, (left: number) => string> = {
  green: (left) => `${left.toLocaleString('en-US')} left`,
  orange: (left) => `Only ${left.toLocaleString('en-US')} left`,
  red: () => 'None left',
};

/** Starts the checkout of a package; the server prices it from its own options (D10). */
function startCheckout(listingId: number, option: Option, route: Route) {
  if (option.special_id !== null) {
    return call(sponsored.sponsorSpecialCheckout, {
      id: listingId,
      count: option.count,
      special_id: option.special_id,
      provider: route,
    });
  }
  return call(sponsored.sponsorCheckout, { id: listingId, count: option.count, provider: route });
}

/**
 * The 'Sponsored Activity' purchase of one listing (spec 2 §3, §4, §9; D6.4): what was bought and
 * used (coloured by the spec's rule), the packages with the special's marked, the price, and card or
 * PayPal. The app starts the checkout with its token and follows `redirect`, as the membership page does.
 */
export function SponsorPurchase({ listing }: { listing: listings.MyListing }) {
  const id = useId();
  const options = listing.ssOptions;
  const [chosen, setChosen] = useState(() => {
    const start = defaultOption(listing.type, options);
    return start ? optionKey(start) : '';
  });
  const option = options.find((o) => optionKey(o) === chosen) ?? defaultOption(listing.type, options);
  const checkout = useMutation({
    mutationFn: ({ route }: { route: Route }) => startCheckout(listing.id, option as Option, route),
    onSuccess: (answer) => window.location.assign(answer.redirect),
    meta: { quiet: true },
  });
  const busy = checkout.isPending || checkout.isSuccess;
  const bought = Math.abs(listing.sponsor_bought);
  const used = listing.sponsor_used;
  const tone = listings.sponsorCountColour(listing.sponsor_bought, used);
  const left = Math.max(0, bought - used);
  const actions = actionsWord(listing.type);
  const canBuy = listing.hasSSOptions === 'yes' && option !== undefined;

  return (
    <div className="mq-sponsor">
      <dl className="mq-sponsor__counts">
        <div className="mq-sponsor__count">
          <dt>Bought</dt>
          <dd>{bought.toLocaleString('en-US')}</dd>
        </div>
        <div className="mq-sponsor__count">
          <dt>Used</dt>
          <dd className={`mq-sponsor__used mq-sponsor__used--${tone}`}>{used.toLocaleString('en-US')}</dd>
        </div>
      </dl>
      {listing.sponsor_bought >= 0 && (
        <p className={`mq-sponsor__left mq-sponsor__left--${tone}`}>
          {bought === 0 ? 'None bought yet' : TONE_WORDS[tone](left)}
        </p>
      )}

      {!canBuy ? (
        <p className="mq-sponsor__note">Sponsored {actions} can be bought once this listing is active.</p>
      ) : (
        <form
          className="mq-sponsor__form"
          onSubmit={(e) => {
            e.preventDefault();
            checkout.mutate({ route: 'card' });
          }}
        >
          <fieldset disabled={busy}>
            <legend id={`${id}-legend`} className="mq-sponsor__legend">
              Buy sponsored {actions}
            </legend>
            <p className="mq-sponsor__note">
              Marquee pays the members who act, not your points, and your listing is offered first until they
              are used.
            </p>
            <div className="mq-sponsor__options">
              {options.map((o) => {
                const key = optionKey(o);
                const checked = key === optionKey(option);
                return (
                  <label key={key} className={`mq-sponsor__option${checked ? ' is-chosen' : ''}`}>
                    <input
                      type="radio"
                      className="form-check-input"
                      name={`${id}-package`}
                      value={key}
                      checked={checked}
                      onChange={() => {
                        setChosen(key);
                        checkout.reset();
                      }}
                    />
                    <span className="mq-sponsor__option-count">
                      {o.count.toLocaleString('en-US')} {actions}
                    </span>{' '}
                    <span className="mq-sponsor__option-price">{o.price}</span>
                    {o.special && (
                      <>
                        {' '}
                        <span className="badge mq-sponsor__special">Special</span>
                      </>
                    )}
                  </label>
                );
              })}
            </div>
            <p className="mq-sponsor__total" aria-live="polite">
              Total <strong>{option.price}</strong> for {option.count.toLocaleString('en-US')} sponsored{' '}
              {actions}
            </p>
            {checkout.isError && (
              <Alert variant="danger" className="mq-sponsor__error">
                {checkout.error.message}
              </Alert>
            )}
            <div className="mq-sponsor__actions">
              <button type="submit" className="btn btn-primary">
                Pay {option.price} with Card
              </button>
              <button
                type="button"
                className="btn btn-outline-primary"
                onClick={() => checkout.mutate({ route: 'paypal' })}
              >
                Pay with PayPal
              </button>
            </div>
          </fieldset>
          {busy && (
            <p className="mq-sponsor__processing" role="status">
              <Spinner animation="border" size="sm" aria-hidden="true" /> Taking you to the secure checkout…
            </p>
          )}
        </form>
      )}
    </div>
  );
}
