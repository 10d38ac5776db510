import { useCallback, useEffect } from 'react';
import { useNavigate } from 'react-router';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { membership, type CurrentUser } from '@marquee/contract';
import { call } from '../../app/api';
import { useSession } from '../../app/session';
import { showInfo } from '../../ui/toast';
import { paidNotice } from './plans';
import { useSubscriptionCheck } from './useSubscriptionCheck';

const { SUBSCRIPTION_CHECK, SUBSCRIPTION_NOT_FOUND } = membership;

const checkStatus = (signal: AbortSignal) => call(membership.checkSubscriptionStatus, {}, { signal });

/**
 * After checkout (spec 3 §4): asks whether the payment arrived, again every 5 s while the answer
 * is 'retry' and fewer than 10 checks were made, then says it was not found (useSubscriptionCheck).
 * Once found, the member's new level is kept and the account page opens 1 s later.
 */
export function SubscriptionCheckModal({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const { updateUser } = useSession();
  const found = useCallback(
    (user: CurrentUser) => {
      updateUser(user);
      // The notice stays (until closed) after the account page opens, so the member can read it there.
      showInfo(paidNotice(user));
    },
    [updateUser],
  );
  const state = useSubscriptionCheck(checkStatus, found);

  useEffect(() => {
    if (state.kind !== 'found') return;
    const timer = window.setTimeout(
      () => navigate('/v4/account', { replace: true }),
      SUBSCRIPTION_CHECK.redirectAfterMs,
    );
    return () => window.clearTimeout(timer);
  }, [state.kind, navigate]);

  return (
    <Modal show onHide={onClose} centered aria-labelledby="mq-subcheck-title">
      <Modal.Header closeButton>
        <Modal.Title id="mq-subcheck-title">
          {state.kind === 'found' ? 'Welcome aboard!' : 'Checking your membership'}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {state.kind === 'checking' && (
          <p className="mq-subcheck" role="status">
            <Spinner animation="border" size="sm" aria-hidden="true" /> We are confirming your payment with
            the payment provider. This usually takes a few seconds…
          </p>
        )}
        {state.kind === 'found' && (
          <p className="mb-0" role="status">
            Your payment went through. <strong>{paidNotice(state.user)}</strong> A receipt is on its way to
            your email. Taking you to your account…
          </p>
        )}
        {state.kind === 'notFound' && (
          <p className="mb-0" role="alert">
            {SUBSCRIPTION_NOT_FOUND}
          </p>
        )}
      </Modal.Body>
      {state.kind === 'notFound' && (
        <Modal.Footer>
          <button type="button" className="btn btn-primary" onClick={onClose}>
            Close
          </button>
        </Modal.Footer>
      )}
    </Modal>
  );
}
