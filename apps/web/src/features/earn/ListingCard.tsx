import { useId, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import Button from 'react-bootstrap/Button';
import { earn, exchange, LISTING_TYPE_WORDS, platformNameOfType } from '@marquee/contract';
import { call } from '../../app/api';
import { Avatar } from '../../ui/Avatar';
import { showInfo } from '../../ui/toast';
import { digitsOnly } from './answer';
import { showErrorText } from './notify';
import { openListingWindow, POPUP_BLOCKED } from './popup';
import { useCredit } from './useCredit';
import { VideoModal } from './VideoModal';

export interface ActionMissing {
  headline: string;
  platform: string;
  picture: string | null;
  title: string;
  actionType: string;
  message: string;
}

export interface ListingCardProps {
  listing: earn.EarnListing | exchange.ExchangeImdbListing;
  /**
   * A listing of the IMDb view-for-view exchange (D7.2, docs/domain.md EX11-EX12): worth a view back,
   * not points, and its right answer is recorded through the exchange's own call.
   */
  exchange?: boolean;
  started: boolean;
  /** Another card is started: this one steps back. */
  dimmed: boolean;
  onStarted: () => void;
  onCancel: () => void;
  /** Credited, or a final wrong answer: the list reloads. */
  onFinished: () => void;
  onHidden: () => void;
  onRecentlyMissed: (count: number) => void;
  onActionMissing: (details: ActionMissing) => void;
}

/** Recently missed answers from this many on get the modal notice (spec 2 §2). */
const MISSED_NOTICE_FROM = 3;

type AnswerOutcome =
  | { kind: 'credited'; credit: earn.CreditAnswer | { points_earned: number } }
  | { kind: 'retry'; message: string }
  | { kind: 'missed'; message: string; recentlyMissed: number };

/** One listing on a dashboard tab (spec 1 §4 "Listing card", spec 4 §4 "IMDb listing card"). */
export function ListingCard(props: ListingCardProps) {
  const {
    listing,
    exchange: swap = false,
    started,
    dimmed,
    onStarted,
    onCancel,
    onFinished,
    onHidden,
  } = props;
  const credit = useCredit();
  const nameId = useId();
  const answerId = useId();
  const [answer, setAnswer] = useState('');
  const [retryMessage, setRetryMessage] = useState('');
  const [blocked, setBlocked] = useState(false);
  const [hidden, setHidden] = useState(false);
  const [videoOpen, setVideoOpen] = useState(false);
  const words = LISTING_TYPE_WORDS[listing.type];
  const site = platformNameOfType(listing.type);
  const owner = `${listing.first} ${listing.last}`.trim();

  const start = useMutation({
    mutationFn: () => call(earn.startAction, { listing_id: listing.id }),
    onSuccess: () => {
      onStarted();
      if (listing.type === 'youtube-view') setVideoOpen(true);
    },
  });

  /** A wrong answer goes to the server's check (spec 4 §4): the crowd may have moved the page's number. */
  async function checkWrongAnswer(typed: string): Promise<AnswerOutcome> {
    const check = await call(earn.checkIncorrectAnswer, {
      listing_id: listing.id,
      answer: typed,
      ...(listing.test_cat ? { category: listing.test_cat } : {}),
    });
    if (check.status === 'updated') return { kind: 'credited', credit: check };
    return { kind: 'missed', message: check.message, recentlyMissed: check.recently_missed };
  }

  const submitAnswer = useMutation({
    mutationFn: async (typed: string): Promise<AnswerOutcome> => {
      if (swap) {
        const first = await call(exchange.recordCorrectAnswer, {
          listing_id: listing.id,
          answer: typed,
          ...(listing.test_cat ? { category: listing.test_cat } : {}),
        });
        if (first.status === 'success') return { kind: 'credited', credit: { points_earned: 0 } };
        return checkWrongAnswer(typed);
      }
      const first = await call(earn.recordCorrectAnswer, {
        listing_id: listing.id,
        answer: typed,
        rP: listing.points,
        proView: listing.pro_view,
      });
      if (first.status === 'success') return { kind: 'credited', credit: first };
      if (listing.pro_view) return { kind: 'retry', message: first.message || earn.MESSAGES.proViewWrong };
      return checkWrongAnswer(typed);
    },
    onSuccess: (outcome) => {
      if (outcome.kind === 'credited') {
        credit(listing, outcome.credit);
        onFinished();
      } else if (outcome.kind === 'retry') {
        setRetryMessage(outcome.message);
      } else {
        showErrorText(outcome.message || 'That answer did not match the page.');
        if (outcome.recentlyMissed >= MISSED_NOTICE_FROM) props.onRecentlyMissed(outcome.recentlyMissed);
        onFinished();
      }
    },
  });

  const confirm = useMutation({
    mutationFn: () => {
      if (listing.type !== 'twitter-follow' && listing.type !== 'facebook-like') {
        throw new Error(`A ${listing.type} listing has nothing to confirm.`);
      }
      return call(earn.confirmAction[listing.type], { listing_id: listing.id });
    },
    onSuccess: (answer) => {
      // Not seen on the platform: the helper alone speaks (no "You earned" beside it); the points are
      // held on the missing-actions list, so the point box and history are still read again.
      const missing = answer.extra === 'action_missing';
      if (answer.points_earned > 0) credit(listing, answer, { quiet: missing });
      if (missing) {
        props.onActionMissing({
          headline: answer.helper_headline || `We could not see that ${words.verb.toLowerCase()}`,
          platform: answer.action_platform || site,
          picture: answer.platform_picture || null,
          title: answer.platform_title || listing.name,
          actionType: answer.action_type || words.verb.toLowerCase(),
          message: answer.message,
        });
      }
      onFinished();
    },
  });

  const hide = useMutation({
    mutationFn: () => call(earn.hideListing, { id: listing.id }),
    meta: { quiet: true },
    onSuccess: () => {
      setHidden(true);
      showInfo(earn.MESSAGES.hideSuccess);
      onHidden();
    },
    onError: () => showErrorText(earn.MESSAGES.hideFailed),
  });

  const onStart = () => {
    // The window opens in the click itself: after the server's answer a pop-up blocker would stop it.
    if (listing.type !== 'youtube-view') setBlocked(!openListingWindow(listing.open_url, listing.id));
    start.mutate();
  };

  const onSubmitAnswer = (event: FormEvent) => {
    event.preventDefault();
    if (!answer) return;
    setRetryMessage('');
    submitAnswer.mutate(answer);
  };

  const stepBack = () => {
    setVideoOpen(false);
    setAnswer('');
    setRetryMessage('');
    onCancel();
  };

  const classes = ['mq-listing'];
  if (started) classes.push('mq-listing--started');
  if (dimmed) classes.push('mq-listing--dimmed');
  if (hidden) classes.push('mq-listing--hidden');
  const idleDisabled = dimmed || hidden || start.isPending || hide.isPending;

  return (
    <li className={classes.join(' ')} aria-labelledby={nameId} aria-disabled={hidden || undefined}>
      <div className="mq-listing__main">
        <Avatar src={listing.avatar} size={56} alt="" />
        <div className="mq-listing__text">
          <h3 className="mq-listing__name" id={nameId}>
            {listing.name}
          </h3>
          <p className="mq-listing__owner">
            {words.target}
            {owner !== listing.name && <> · listed by {owner}</>}
          </p>
          <div className="mq-listing__badges">
            {swap ? (
              <span className="badge mq-points-badge">View-For-View</span>
            ) : (
              <span className="badge mq-points-badge">+{listing.points} points</span>
            )}
            {'viewed_you' in listing && listing.viewed_you && (
              <span className="badge mq-bonus-badge">Viewed you</span>
            )}
            {listing.sponsored && <span className="badge mq-sponsored-badge">Sponsored</span>}
            {listing.pro_view && <span className="badge text-bg-indigo">IMDbPro view</span>}
            {listing.bonus > 0 && <span className="badge mq-bonus-badge">Featured +{listing.bonus}</span>}
          </div>
          {listing.sponsored_benefit && (
            <p className="mq-listing__note">Sponsored: acting on it gives you 10 more Daily Actions today.</p>
          )}
        </div>
        {!started && (
          <div className="mq-listing__actions">
            <Button variant="primary" onClick={onStart} disabled={idleDisabled}>
              {start.isPending ? 'Starting…' : 'Start'}
              <span className="visually-hidden"> {listing.name}</span>
            </Button>
            <Button
              variant="outline-secondary"
              size="sm"
              onClick={() => hide.mutate()}
              disabled={idleDisabled}
            >
              {hidden ? 'Hidden' : 'Hide'}
              <span className="visually-hidden"> {listing.name}</span>
            </Button>
          </div>
        )}
      </div>

      {started && (
        <div className="mq-listing__task">
          {blocked && (
            <div className="alert alert-warning mb-3" role="alert">
              {POPUP_BLOCKED}
            </div>
          )}

          {listing.type === 'imdb-view' && (
            <form onSubmit={onSubmitAnswer} noValidate>
              <label className="form-label" htmlFor={answerId}>
                {listing.question ?? 'Type the number you found on the page.'}
              </label>
              <div className="mq-answer-row">
                <input
                  id={answerId}
                  className={`form-control${retryMessage ? ' is-invalid' : ''}`}
                  inputMode="numeric"
                  autoComplete="off"
                  autoFocus
                  value={answer}
                  aria-describedby={`${answerId}-help`}
                  aria-invalid={retryMessage ? true : undefined}
                  onChange={(event) => setAnswer(digitsOnly(event.target.value))}
                />
                <Button type="submit" variant="primary" disabled={!answer || submitAnswer.isPending}>
                  {submitAnswer.isPending ? 'Checking…' : 'Submit Answer'}
                </Button>
              </div>
              <div id={`${answerId}-help`} className="form-text">
                Digits only: no commas, spaces or words.
              </div>
              {retryMessage && (
                <div className="alert alert-danger mt-2 mb-0 py-2" role="alert">
                  {retryMessage}
                </div>
              )}
            </form>
          )}

          {(listing.type === 'twitter-follow' || listing.type === 'facebook-like') && (
            <div className="mq-confirm-row">
              <p className="mb-0">
                {words.verb} <strong>{listing.name}</strong> on {site} in the window that opened, then come
                back and confirm.
              </p>
              <Button variant="primary" onClick={() => confirm.mutate()} disabled={confirm.isPending}>
                {confirm.isPending ? 'Confirming…' : `Confirm ${words.verb}`}
              </Button>
            </div>
          )}

          {listing.type === 'youtube-view' && (
            <div className="mq-confirm-row">
              <p className="mb-0">
                The video plays in the player window. Watch 30 seconds to earn your points.
              </p>
              <Button variant="primary" onClick={() => setVideoOpen(true)}>
                Open the player
              </Button>
            </div>
          )}

          <div className="mq-listing__task-links">
            {listing.type !== 'youtube-view' && (
              <a href={listing.open_url} target="_blank" rel="noopener noreferrer">
                Open the {site} page again
                <span className="visually-hidden"> (opens in a new window)</span>
              </a>
            )}
            <button type="button" className="btn btn-link p-0" onClick={stepBack}>
              Cancel
            </button>
          </div>
        </div>
      )}

      {listing.type === 'youtube-view' && (
        <VideoModal
          listing={listing}
          show={started && videoOpen}
          onClose={() => setVideoOpen(false)}
          onCredited={(answer) => {
            setVideoOpen(false);
            credit(listing, answer);
            onFinished();
          }}
        />
      )}
    </li>
  );
}
