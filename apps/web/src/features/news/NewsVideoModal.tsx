import { useId } from 'react';
import Modal from 'react-bootstrap/Modal';

/** A posted video, played in the app's player page (simulated offline, D9) inside a modal. */
export function NewsVideoModal({
  show,
  onClose,
  title,
  src,
}: {
  show: boolean;
  onClose: () => void;
  title: string;
  src: string;
}) {
  const id = useId();
  return (
    <Modal show={show} onHide={onClose} size="lg" centered aria-labelledby={id}>
      <Modal.Header closeButton closeLabel="Close the player">
        <Modal.Title id={id} as="h2" className="h5">
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {show && (
          <div className="mq-video-frame">
            <iframe
              src={src}
              title={`Video player: ${title}`}
              allow="autoplay; encrypted-media; picture-in-picture"
              allowFullScreen
            />
          </div>
        )}
      </Modal.Body>
    </Modal>
  );
}
