import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import Button from 'react-bootstrap/Button';
import type { earn, proExtension } from '@marquee/contract';
import { useCurrentUser } from '../../app/session';
import { recheckAt } from './timing';
import { useNow } from './useNow';

const count = new Intl.NumberFormat('en-US');

/** One of the list's notices in place of listings (spec 1 §2). */
export function Notice({
  tone = 'calm',
  title,
  children,
  action,
}: {
  tone?: 'calm' | 'warning' | 'danger';
  title: string;
  children?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className={`mq-notice mq-notice--${tone}`}>
      <h3 className="mq-notice__title">{title}</h3>
      {children && <div className="mq-notice__body">{children}</div>}
      {action && <div className="mq-notice__action">{action}</div>}
    </div>
  );
}

/**
 * Nothing to act on right now: asks again every 60 s on its own, and lets the member ask 10 s
 * after the last check (spec 1 §4).
 */
export function NoListingsNotice({
  checkedAt,
  checking,
  onRecheck,
  title = 'No listings right now',
  children,
}: {
  checkedAt: number;
  checking: boolean;
  onRecheck: () => void;
  /** Another list's own words (the exchange's, spec 4 §8); the dashboard's unless given. */
  title?: string;
  children?: ReactNode;
}) {
  const now = useNow(!checking);
  const { manualEnabled, autoDue } = recheckAt(now - checkedAt);
  useEffect(() => {
    if (autoDue && !checking) onRecheck();
  }, [autoDue, checking, onRecheck]);
  return (
    <Notice
      title={title}
      action={
        <Button variant="outline-primary" onClick={onRecheck} disabled={!manualEnabled || checking}>
          {checking ? 'Checking…' : 'Check again'}
        </Button>
      }
    >
      {children ?? (
        <p className="mb-0">
          Everyone here has been taken care of for now. We check again every minute, so keep this page open or
          come back a little later.
        </p>
      )}
    </Notice>
  );
}

/**
 * Spec 1 §4 "running with the pro extension" (docs/domain.md PX6): the member's paired extension is
 * doing their IMDb views, so the tab shows what it did today in place of listings, and looks again
 * every minute, so that the listings come back soon after the extension pauses or stops.
 */
export function ExtensionRunningNotice({
  today,
  ...recheck
}: {
  today: proExtension.ExtensionToday;
  checkedAt: number;
  checking: boolean;
  onRecheck: () => void;
}) {
  return (
    <NoListingsNotice title="Your Pro extension is doing your IMDb views" {...recheck}>
      <p>
        Today it did {count.format(today.views)} IMDb {today.views === 1 ? 'view' : 'views'} for{' '}
        {count.format(today.points)} points. You need not keep this page open: it works in the background.
      </p>
      <p className="mb-0">
        To do views yourself, pause it from the Marquee Pro button in your browser’s toolbar; your listings
        come back here.{' '}
        {/* A full page load: the extension's welcome script joins pages as they load (PX2). */}
        <a href="/v5/pro/">Manage the extension</a>
      </p>
    </NoListingsNotice>
  );
}

export function DoneNotice({ answer }: { answer: earn.FetchListingsAnswer }) {
  return (
    <Notice title="All done for today!">
      <p>
        You have used all {answer.daily_max > 0 ? `${answer.daily_max} ` : ''}of today&rsquo;s Daily Actions.
        They start again at midnight Pacific time.
      </p>
      <p className="mb-0">
        Want more each day? Premium and Pro members get more Daily Actions, and each qualified referral adds
        more. <Link to="/membership">See memberships</Link> or <Link to="/referrals">invite friends</Link>.
      </p>
    </Notice>
  );
}

export function PointsMaxedNotice() {
  const user = useCurrentUser();
  const cap = user.abilities.imdbPointsCap;
  return (
    <Notice title="You have reached the IMDb points maximum">
      <p>
        With {count.format(cap)} points or more you can&rsquo;t earn more points from IMDb views. Spend some
        on your own listings, then come back to earn again.
      </p>
      <p className="mb-0">Twitter follows and YouTube views still earn points.</p>
    </Notice>
  );
}

export function ManagedNotice() {
  return (
    <Notice title="Your IMDb views are managed">
      <p>
        As a Managed Rank member you don&rsquo;t do IMDb views yourself: we look after your IMDb page for you.
      </p>
      <p className="mb-0">
        <Link to="/managed">See your Managed Rank history</Link>
      </p>
    </Notice>
  );
}

/**
 * The listings timed out. The card that had focus is gone with them, so focus moves to Reload rather
 * than to nowhere; a profile's list (spec 2 §4) says it in its own words and leaves focus be.
 */
export function TimedOutNotice({
  onReload,
  reloading,
  message,
}: {
  onReload: () => void;
  reloading: boolean;
  /** The profile list's words, read out as a status. */
  message?: string;
}) {
  const reload = useRef<HTMLButtonElement>(null);
  const takeFocus = message === undefined;
  useEffect(() => {
    if (!takeFocus) return;
    if (document.activeElement === document.body || document.activeElement === null) reload.current?.focus();
  }, [takeFocus]);
  return (
    <Notice
      tone="warning"
      title="These listings timed out"
      action={
        <Button ref={reload} variant="primary" onClick={onReload} disabled={reloading}>
          {reloading ? 'Reloading…' : 'Reload'}
        </Button>
      }
    >
      {message === undefined ? (
        <p className="mb-0">
          The listings timed out from inactivity. Reload to see fresh ones: each is kept for you for a short
          while only, so that others get their turn.
        </p>
      ) : (
        <p className="mb-0" role="status">
          {message}
        </p>
      )}
    </Notice>
  );
}

export function ErrorNotice({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Notice
      tone="danger"
      title="We could not load these listings"
      action={
        <Button variant="outline-primary" onClick={onRetry}>
          Try again
        </Button>
      }
    >
      <p className="mb-0">{message || 'Something went wrong. Please try again in a moment.'}</p>
    </Notice>
  );
}
