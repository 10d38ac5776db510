import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { account } from '@marquee/contract';
import { call } from '../../app/api';
import { SideCard } from '../../ui/SideCard';
import { showError, showInfo } from '../../ui/toast';

type Closing = 'deactivate' | 'delete' | null;

/**
 * Spec 3 §2 "Deactivate and Fully Delete", each after its confirmation (§8); both end at /logout,
 * since the server has already ended every session (D2.5).
 */
export function CloseAccountCard() {
  const [closing, setClosing] = useState<Closing>(null);
  return (
    <SideCard title="Deactivate or Delete" className="mq-account-card mq-close-card">
      <p className="small text-body-secondary">
        Taking a break? Deactivating hides you and your listings until support reactivates you. Deleting
        removes your account for good.
      </p>
      <div className="d-flex flex-wrap gap-2">
        <Button variant="outline-danger" onClick={() => setClosing('deactivate')}>
          Deactivate
        </Button>
        <Button variant="danger" onClick={() => setClosing('delete')}>
          Fully Delete
        </Button>
      </div>
      {/* The modal portals to the body, so its place in the card leaves the page unchanged. */}
      <ConfirmClosing closing={closing} onClose={() => setClosing(null)} />
    </SideCard>
  );
}

function ConfirmClosing({ closing, onClose }: { closing: Closing; onClose: () => void }) {
  const navigate = useNavigate();
  const [understood, setUnderstood] = useState(false);
  const close = () => {
    setUnderstood(false);
    onClose();
  };
  const confirm = useMutation({
    mutationFn: (what: 'deactivate' | 'delete') =>
      what === 'delete' ? call(account.deleteAccount, { warned: true }) : call(account.deactivate, {}),
    onSuccess: (answer) => {
      showInfo(answer.message);
      navigate('/logout', { replace: true });
    },
    onError: showError,
    meta: { quiet: true },
  });
  const deleting = closing === 'delete';
  return (
    <Modal show={closing !== null} onHide={close} centered aria-labelledby="mq-closing-title">
      <Modal.Header closeButton closeLabel="Close">
        <Modal.Title id="mq-closing-title" as="h2" className="h5">
          {deleting ? 'Fully delete your account?' : 'Deactivate your account?'}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className={deleting ? 'mb-3' : 'mb-0'}>
          {deleting ? account.DELETE_CONFIRM : account.DEACTIVATE_CONFIRM}
        </p>
        {deleting && (
          <div className="form-check">
            <input
              className="form-check-input"
              type="checkbox"
              id="mq-delete-understood"
              checked={understood}
              onChange={(event) => setUnderstood(event.target.checked)}
            />
            <label className="form-check-label" htmlFor="mq-delete-understood">
              I understand that this is permanent and cannot be undone
            </label>
          </div>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={close}>
          Cancel
        </Button>
        <Button
          variant="danger"
          disabled={confirm.isPending || (deleting && !understood)}
          onClick={() => closing && confirm.mutate(closing)}
        >
          {confirm.isPending
            ? deleting
              ? 'Deleting…'
              : 'Deactivating…'
            : deleting
              ? 'Delete my account'
              : 'Deactivate my account'}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
