import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { Avatar } from '../../ui/Avatar';
import type { ActionMissing } from './ListingCard';

/**
 * The follow or like is not on the member's linked account (spec 1 §8 'action_missing'): the
 * credit stays, on the missing-actions list, until the member is signed in to that account.
 */
export function ActionHelperModal({
  details,
  onClose,
}: {
  details: ActionMissing | null;
  onClose: () => void;
}) {
  return (
    <Modal show={details !== null} onHide={onClose} centered aria-labelledby="mq-helper-title">
      {details && (
        <>
          <Modal.Header closeButton closeLabel="Close">
            <Modal.Title id="mq-helper-title" as="h2" className="h5">
              {details.headline}
            </Modal.Title>
          </Modal.Header>
          <Modal.Body>
            <div className="mq-helper-profile">
              <Avatar src={details.picture} size={48} alt="" />
              <div>
                <strong>{details.title}</strong>
                <div className="small text-body-secondary">on {details.platform}</div>
              </div>
            </div>
            {details.message ? (
              <p className="mb-0">{details.message}</p>
            ) : (
              <p className="mb-0">
                Please make sure you are signed in to {details.platform} with the account you linked to
                Marquee before you {details.actionType}. Your points are kept for now: the action is on your
                list of missing actions, where you can check it again once it shows on {details.platform}.
              </p>
            )}
          </Modal.Body>
          <Modal.Footer>
            <Button variant="primary" onClick={onClose}>
              Show my missing actions
            </Button>
          </Modal.Footer>
        </>
      )}
    </Modal>
  );
}

/** Several wrong IMDb answers within 24 hours (spec 2 §2): how to find the number. */
export function RecentlyMissedModal({ missed, onClose }: { missed: number; onClose: () => void }) {
  return (
    <Modal show={missed > 0} onHide={onClose} centered aria-labelledby="mq-missed-title">
      <Modal.Header closeButton closeLabel="Close">
        <Modal.Title id="mq-missed-title" as="h2" className="h5">
          A few answers did not match
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p>
          {missed} of your answers in the last 24 hours did not match the IMDb page. Listings that are missed
          often are taken offline for a check, so please take a moment with each page:
        </p>
        <ul className="mb-0">
          <li>Read the question on the card, then find that number on the page that opened.</li>
          <li>Person pages: count the credits in the category the question names.</li>
          <li>Title pages: the runtime in minutes, or 0 if the page lists none.</li>
          <li>Type the number only: digits, no commas, spaces or words.</li>
        </ul>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="primary" onClick={onClose}>
          Got it
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
