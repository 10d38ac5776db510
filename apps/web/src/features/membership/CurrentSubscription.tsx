import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Modal from 'react-bootstrap/Modal';
import { membership } from '@marquee/contract';
import { call } from '../../app/api';
import { useSession } from '../../app/session';
import { showSuccess } from '../../ui/toast';
import { membershipKey } from './api';

/**
 * The member's current subscription (spec 1 §4 "current-subscription message"), with the way to
 * stop it renewing: the membership then serves to its paid-through date (D2.3).
 */
export function CurrentSubscription({ message }: { message: string }) {
  const [confirming, setConfirming] = useState(false);
  const { updateUser } = useSession();
  const queryClient = useQueryClient();
  const cancel = useMutation({
    mutationFn: () => call(membership.cancelSubscription, {}),
    onSuccess: (answer) => {
      setConfirming(false);
      updateUser(answer.user);
      showSuccess(answer.message);
      void queryClient.invalidateQueries({ queryKey: membershipKey });
    },
  });
  return (
    <div className="alert alert-info mq-current-sub" role="status">
      <p className="mb-0">{message}</p>
      <button type="button" className="btn btn-sm btn-outline-primary" onClick={() => setConfirming(true)}>
        Stop renewing
      </button>
      <Modal
        show={confirming}
        onHide={() => setConfirming(false)}
        centered
        aria-labelledby="mq-stop-sub-title"
      >
        <Modal.Header closeButton>
          <Modal.Title id="mq-stop-sub-title">Stop your subscription?</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          Your subscription will not renew again. You keep your membership until the end of the time you have
          paid for, and then it ends. You can subscribe again at any time.
        </Modal.Body>
        <Modal.Footer>
          <button type="button" className="btn btn-link" onClick={() => setConfirming(false)}>
            Keep my subscription
          </button>
          <button
            type="button"
            className="btn btn-danger"
            disabled={cancel.isPending}
            onClick={() => cancel.mutate()}
          >
            {cancel.isPending ? 'Stopping…' : 'Stop renewing'}
          </button>
        </Modal.Footer>
      </Modal>
    </div>
  );
}
