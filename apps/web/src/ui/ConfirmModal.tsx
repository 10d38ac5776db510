import { useId, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';

/**
 * The confirmation asked for before something cannot be undone: deleting a picture, a video or a
 * post, blocking a member (spec 1 §4, spec 2 §5). Both ways out wait while the action is being done.
 */
export function ConfirmModal({
  show,
  title,
  children,
  confirmLabel,
  busyLabel = confirmLabel,
  cancelLabel = 'Cancel',
  closeLabel = 'Close',
  confirmVariant = 'danger',
  busy,
  onConfirm,
  onClose,
}: {
  show: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** The confirm button's text while busy; its usual text unless given. */
  busyLabel?: string;
  cancelLabel?: string;
  /** The accessible name of the header's close (×) button. */
  closeLabel?: string;
  /** The confirm button's colour: danger, unless the step takes nothing away. */
  confirmVariant?: 'danger' | 'primary';
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const titleId = useId();
  return (
    <Modal show={show} onHide={onClose} centered aria-labelledby={titleId}>
      <Modal.Header closeButton closeLabel={closeLabel}>
        <Modal.Title id={titleId} as="h2" className="h5">
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>{children}</Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onClose} disabled={busy}>
          {cancelLabel}
        </Button>
        <Button variant={confirmVariant} onClick={onConfirm} disabled={busy}>
          {busy ? busyLabel : confirmLabel}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
