import { useId, useState } from 'react';
import { Link } from 'react-router';
import Modal from 'react-bootstrap/Modal';
import { exchange } from '@marquee/contract';
import { useCurrentUser } from '../../app/session';

/** Free members cannot use the Exchange (spec 4 §6, EX1): the pages ask nothing of the server for them. */
export function useIsFreeMember(): boolean {
  return useCurrentUser().membership === 'free';
}

/** The two ways to a membership that opens the Exchange: buying one, or earning one through referrals. */
function WaysIn({ links }: { links: boolean }) {
  return (
    <ul className="mq-exchange-ways">
      <li>
        <strong>Upgrade your membership.</strong> Premium and Pro open the Exchange at once, along with more
        Daily Actions.
        {links && (
          <>
            {' '}
            <Link to="/membership">See memberships</Link>
          </>
        )}
      </li>
      <li>
        <strong>Earn it through referrals.</strong> Invite friends to Marquee and trade your referral points
        for Premium days.
        {links && (
          <>
            {' '}
            <Link to="/referrals">Go to Referrals</Link>
          </>
        )}
      </li>
    </ul>
  );
}

/**
 * The membership-requirements modal (spec 4 §2, §6): shown to a free member when an Exchange page
 * opens; closed, it leaves the page's own prompt in place.
 */
export function MembershipModal({ show, onClose }: { show: boolean; onClose: () => void }) {
  const titleId = useId();
  return (
    <Modal
      show={show}
      onHide={onClose}
      centered
      dialogClassName="mq-exchange-modal"
      aria-labelledby={titleId}
    >
      <Modal.Header closeButton closeLabel="Close">
        <Modal.Title id={titleId} as="h2" className="h5">
          The Exchange is for Premium, Pro and Managed members
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p>
          The Exchange swaps Instagram follows and IMDb views one for one with other members. It comes with a
          Premium, Pro or Managed membership.
        </p>
        <WaysIn links={false} />
      </Modal.Body>
      <Modal.Footer className="mq-exchange-modal__foot">
        <button type="button" className="btn btn-link me-auto" onClick={onClose}>
          Not now
        </button>
        <Link to="/referrals" className="btn btn-outline-primary" onClick={onClose}>
          Earn it through referrals
        </Link>
        <Link to="/membership" className="btn btn-primary" onClick={onClose}>
          See memberships
        </Link>
      </Modal.Footer>
    </Modal>
  );
}

/** What an Exchange page shows a free member in place of its content, with the modal on arrival. */
export function MembersOnlyPrompt() {
  const [show, setShow] = useState(true);
  return (
    <>
      <section className="card mq-exchange-locked" aria-labelledby="mq-exchange-locked-title">
        <div className="card-body">
          <h2 id="mq-exchange-locked-title" className="h4">
            Unlock the Exchange
          </h2>
          <p>{exchange.NOT_FOR_FREE}</p>
          <WaysIn links />
          <button type="button" className="btn btn-outline-primary" onClick={() => setShow(true)}>
            Membership requirements
          </button>
        </div>
      </section>
      <MembershipModal show={show} onClose={() => setShow(false)} />
    </>
  );
}
