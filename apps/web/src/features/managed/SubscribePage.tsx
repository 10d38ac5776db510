import { useId, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import Alert from 'react-bootstrap/Alert';
import Container from 'react-bootstrap/Container';
import Spinner from 'react-bootstrap/Spinner';
import { useMutation, useQuery } from '@tanstack/react-query';
import { managed } from '@marquee/contract';
import { ApiError } from '../../app/api';
import { useSession } from '../../app/session';
import { usePageTitle } from '../../ui/usePageTitle';
import { invitationCode, startManagedCheckout, termsQuery } from './subscribeApi';

const { MANAGED_TEXTS } = managed;
type Terms = Awaited<ReturnType<NonNullable<typeof termsQuery.queryFn>>>;
type Selection = 1 | 2 | 3;

const perMonth = (pennies: number) => `$${(pennies / 100).toFixed(pennies % 100 === 0 ? 0 : 2)}`;
const NO_CODE = 'Please open the invitation link from your email.';

/**
 * /managed/subscribe (spec 4 §2, docs/domain.md MR4): the invitation link's page. The terms of
 * service, the three tiers (the invited one to choose, the others by invitation), the terms
 * accepted, then Subscribe opens the payment provider's checkout. A member who is not invited reads
 * that Managed Rank is by invitation, with the way to the waitlist.
 */
export default function SubscribePage() {
  usePageTitle('Subscribe to Managed Rank');
  const [params] = useSearchParams();
  const link = params.get('code');
  const code = useMemo(() => invitationCode(link), [link]);
  const { user } = useSession();
  const terms = useQuery(termsQuery);

  return (
    <Container fluid="xl" className="mq-subscribe">
      <header className="mq-page-head">
        <h1>Subscribe to Managed Rank</h1>
        <p className="text-body-secondary mb-0">
          A monthly service that keeps your IMDb page near a target STARmeter rank.
        </p>
      </header>
      {user?.membership === 'managed' ? (
        <Alert variant="success">
          You already have Managed Rank. <Link to="/managed">See your rank history and subscription</Link>.
        </Alert>
      ) : terms.isPending ? (
        <p role="status" className="mq-subscribe__loading">
          <Spinner animation="border" size="sm" aria-hidden="true" /> Loading the terms…
        </p>
      ) : terms.isError ? (
        <Alert variant="danger">
          <p className="mb-2">
            <strong>We could not load the terms.</strong>{' '}
            {terms.error instanceof ApiError
              ? terms.error.message
              : 'Something went wrong. Please try again in a moment.'}
          </p>
          <button
            type="button"
            className="btn btn-sm btn-outline-danger"
            onClick={() => void terms.refetch()}
          >
            Try again
          </button>
        </Alert>
      ) : (
        <SubscribeForm terms={terms.data} code={code} />
      )}
    </Container>
  );
}

function SubscribeForm({ terms, code }: { terms: Terms; code: string }) {
  const invited = terms.invitedSelection;
  const id = useId();
  const [selected, setSelected] = useState<Selection | null>(invited);
  const [accepted, setAccepted] = useState(false);
  const checkout = useMutation({
    mutationFn: (provider: 'stripe' | 'paypal') =>
      startManagedCheckout({ selection: selected as Selection, code, provider }),
    onSuccess: (answer) => window.location.assign(answer.redirect),
    meta: { quiet: true },
  });
  const busy = checkout.isPending || checkout.isSuccess;
  const tier = terms.tiers.find((t) => t.selection === invited);
  const ready = invited !== null && selected === invited && accepted && code !== '' && !busy;

  return (
    <div className="row g-4">
      <div className="col-lg-7">
        {invited === null && (
          <Alert variant="info" className="mq-subscribe__invite-only">
            <p className="mb-2">{MANAGED_TEXTS.notInvited}</p>
            <Link to="/managed" className="alert-link">
              Join the Managed Rank waitlist
            </Link>
          </Alert>
        )}
        <section className="card mq-subscribe__card" aria-labelledby={`${id}-terms`}>
          <div className="card-body">
            <h2 id={`${id}-terms`} className="mq-subscribe__title">
              Terms of service
            </h2>
            <div
              className="mq-subscribe__terms"
              tabIndex={0}
              role="region"
              aria-label="Managed Rank terms of service"
            >
              {terms.terms.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
            </div>
          </div>
        </section>
      </div>
      <div className="col-lg-5">
        <section className="card mq-subscribe__card" aria-labelledby={`${id}-tiers`}>
          <div className="card-body">
            <fieldset>
              <legend id={`${id}-tiers`} className="mq-subscribe__title">
                {invited === null ? 'The tiers' : 'Your tier'}
              </legend>
              <div className="mq-subscribe-tiers">
                {terms.tiers.map((t) => {
                  const mine = t.selection === invited;
                  return (
                    <label
                      key={t.selection}
                      className={`mq-subscribe-tier${mine ? ' mq-subscribe-tier--invited' : ' mq-subscribe-tier--locked'}${
                        selected === t.selection ? ' is-selected' : ''
                      }`}
                    >
                      <input
                        type="radio"
                        className="form-check-input mq-subscribe-tier__radio"
                        name={`${id}-tier`}
                        value={t.selection}
                        checked={selected === t.selection}
                        disabled={!mine}
                        onChange={() => setSelected(t.selection)}
                      />
                      <span className="mq-subscribe-tier__body">
                        <span className="mq-subscribe-tier__name">{t.name}</span>
                        <span className="mq-subscribe-tier__price">
                          <strong>{perMonth(t.pricePennies)}</strong> a month
                        </span>
                        <span className="mq-subscribe-tier__target">
                          Aims for a STARmeter of {t.target.toLocaleString('en-US')} or better
                        </span>
                      </span>
                      <span
                        className={`mq-subscribe-tier__badge${mine ? ' mq-subscribe-tier__badge--yours' : ''}`}
                      >
                        {mine ? 'Your invitation' : 'By invitation'}
                      </span>
                    </label>
                  );
                })}
              </div>
            </fieldset>

            {invited !== null && (
              <div className="mq-subscribe__accept">
                <div className="form-check">
                  <input
                    id={`${id}-accept`}
                    type="checkbox"
                    className="form-check-input"
                    checked={accepted}
                    onChange={(e) => {
                      setAccepted(e.target.checked);
                      checkout.reset();
                    }}
                  />
                  <label htmlFor={`${id}-accept`} className="form-check-label">
                    I have read and accept the Managed Rank terms of service.
                  </label>
                </div>
                {code === '' && (
                  <Alert variant="warning" className="mq-subscribe__alert">
                    {NO_CODE}
                  </Alert>
                )}
                {checkout.isError && (
                  <Alert variant="danger" className="mq-subscribe__alert">
                    {checkout.error.message}
                  </Alert>
                )}
                <div className="mq-subscribe__actions">
                  <button
                    type="button"
                    className="btn btn-primary"
                    disabled={!ready}
                    onClick={() => checkout.mutate('stripe')}
                  >
                    Subscribe{tier ? ` for ${perMonth(tier.pricePennies)} a month` : ''}
                  </button>
                  {terms.alternate === 'yes' && (
                    <button
                      type="button"
                      className="btn btn-outline-primary"
                      disabled={!ready}
                      onClick={() => checkout.mutate('paypal')}
                    >
                      Subscribe with PayPal
                    </button>
                  )}
                </div>
                {busy && (
                  <p className="mq-subscribe__processing" role="status">
                    <Spinner animation="border" size="sm" aria-hidden="true" /> Taking you to the secure
                    checkout…
                  </p>
                )}
                <p className="mq-subscribe__fine">
                  Renews monthly until you cancel. Cancelling keeps the service until the end of the month you
                  paid for.
                </p>
              </div>
            )}
          </div>
        </section>
      </div>
    </div>
  );
}
