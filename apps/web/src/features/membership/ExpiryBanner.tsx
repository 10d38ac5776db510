import { useState } from 'react';
import { Link } from 'react-router';
import { useSession } from '../../app/session';
import { expiryNotice } from './plans';

const DISMISSED = 'mq-expiry-dismissed';

/**
 * The expiry banner of the signed-in shell (D2.3): a paid level ending within 7 days, or ended in
 * the last 14, with the way to renew. Closing it hides it for the rest of this visit.
 */
export function ExpiryBanner() {
  const { user } = useSession();
  const notice = user ? expiryNotice(user) : null;
  const key = notice && user ? `${user.expire_type}:${user.expire_show_time}` : '';
  const [dismissed, setDismissed] = useState(() => sessionStorage.getItem(DISMISSED));
  if (!notice || dismissed === key) return null;
  return (
    <div className={`mq-expiry mq-expiry--${notice.tone}`} role="region" aria-label="Membership notice">
      <div className="container-xl mq-expiry__inner">
        <p className="mb-0">
          <strong>{notice.text}</strong>{' '}
          {notice.tone === 'soon'
            ? 'Renew now to keep your Daily Actions and listings as they are.'
            : 'Renew to get your benefits back.'}
        </p>
        <div className="mq-expiry__actions">
          <Link to="/membership" className="btn btn-sm btn-accent">
            Renew
          </Link>
          <button
            type="button"
            className={`btn-close${notice.tone === 'ended' ? ' btn-close-white' : ''}`}
            aria-label="Close the membership notice"
            onClick={() => {
              sessionStorage.setItem(DISMISSED, key);
              setDismissed(key);
            }}
          />
        </div>
      </div>
    </div>
  );
}
