import { useId, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';

/** The confirmation the spec asks for before deleting a picture or blocking a member (spec 2 §5). */
export function ConfirmModal({
  show,
  title,
  children,
  confirmLabel,
  busyLabel,
  busy,
  onConfirm,
  onClose,
}: {
  show: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busyLabel: string;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const titleId = useId();
  return (
    <Modal show={show} onHide={onClose} centered aria-labelledby={titleId}>
      <Modal.Header closeButton closeLabel="Close">
        <Modal.Title id={titleId} as="h2" className="h5">
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>{children}</Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button variant="danger" onClick={onConfirm} disabled={busy}>
          {busy ? busyLabel : confirmLabel}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
