import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import Modal from 'react-bootstrap/Modal';
import { asPlayerMessage, NOT_PLAYED, onPlayerMessage, type PlayState } from './videoPlay';

interface VideoPlayerModalProps {
  show: boolean;
  onClose: () => void;
  /** The video's name: the player frame is titled "Video player: {name}". */
  name: string;
  /** The modal's heading; the video's name unless given. */
  heading?: string;
  src: string;
  /**
   * Shown under the player, with how much of the video has been played (D9.2): the home page's
   * rating prompt, the earning progress. Mounted while the modal is open, so it starts afresh each time.
   */
  children?: (play: PlayState) => ReactNode;
}

/**
 * A video played in the app's player page (simulated offline, D9) inside a modal: news posts,
 * profile videos, the home page's featured video and the videos members watch to earn.
 */
export function VideoPlayerModal({
  show,
  onClose,
  name,
  heading = name,
  src,
  children,
}: VideoPlayerModalProps) {
  const titleId = useId();
  return (
    <Modal show={show} onHide={onClose} size="lg" centered aria-labelledby={titleId}>
      <Modal.Header closeButton closeLabel="Close the player">
        <Modal.Title id={titleId} as="h2" className="h5">
          {heading}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {show && (
          <Player name={name} src={src}>
            {children}
          </Player>
        )}
      </Modal.Body>
    </Modal>
  );
}

/** The player frame, following what the player page posts about play (D9.2). */
function Player({ name, src, children }: Pick<VideoPlayerModalProps, 'name' | 'src' | 'children'>) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [play, setPlay] = useState<PlayState>(NOT_PLAYED);

  useEffect(() => {
    const listen = (event: MessageEvent) => {
      if (!frame.current || event.source !== frame.current.contentWindow) return;
      const message = asPlayerMessage(event.data);
      if (message) setPlay((state) => onPlayerMessage(state, message));
    };
    window.addEventListener('message', listen);
    return () => window.removeEventListener('message', listen);
  }, []);

  return (
    <>
      <div className="mq-video-frame">
        <iframe
          ref={frame}
          src={src}
          title={`Video player: ${name}`}
          allow="autoplay; encrypted-media; picture-in-picture"
          allowFullScreen
        />
      </div>
      {children?.(play)}
    </>
  );
}
