import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { media, profile } from '@marquee/contract';
import { ApiError, call } from '../../app/api';
import { showError, showSuccess } from '../../ui/toast';
import { YouTubeIcon } from '../../ui/icons';
import { ConfirmModal } from '../../ui/ConfirmModal';
import { VideoPlayerModal } from '../../ui/VideoPlayerModal';
import { profileKey } from './api';

/** The profile's videos (spec 2 §2): a still that plays in a modal; the owner adds and removes them. */
export function ProfileVideos({
  userId,
  first,
  videos,
  isOwn,
}: {
  userId: number;
  first: string;
  videos: profile.ProfileVideo[];
  isOwn: boolean;
}) {
  const queryClient = useQueryClient();
  const [playing, setPlaying] = useState<profile.ProfileVideo | null>(null);
  const [removing, setRemoving] = useState<profile.ProfileVideo | null>(null);
  const remove = useMutation({
    mutationFn: (video_id: number) => call(profile.deleteVideo, { video_id }),
    onSuccess: (answer) => {
      showSuccess(answer.message);
      setRemoving(null);
      return queryClient.invalidateQueries({ queryKey: profileKey(userId) });
    },
    onError: showError,
  });

  if (!videos.length) {
    return (
      <p className="text-body-secondary mb-0">
        {isOwn
          ? 'Show your reel, a trailer or a scene: add a YouTube video.'
          : `${first} has not added any videos yet.`}
      </p>
    );
  }
  return (
    <>
      <ul className="mq-videos" aria-label={`${first}'s videos`}>
        {videos.map((v) => (
          <li key={v.id} className="mq-video-tile">
            <button type="button" className="mq-video-tile__play" onClick={() => setPlaying(v)}>
              {v.thumbnail ? (
                <img src={v.thumbnail} alt="" loading="lazy" />
              ) : (
                <span className="mq-video-tile__still" aria-hidden="true" />
              )}
              <span className="mq-video-tile__icon" aria-hidden="true">
                <YouTubeIcon />
              </span>
              <span className="mq-video-tile__name">
                <span className="visually-hidden">Play </span>
                {v.name}
              </span>
            </button>
            {v.canDelete && (
              <Button
                size="sm"
                variant="link"
                className="mq-video-tile__remove"
                onClick={() => setRemoving(v)}
              >
                Remove<span className="visually-hidden"> {v.name}</span>
              </Button>
            )}
          </li>
        ))}
      </ul>
      <VideoPlayerModal
        show={playing !== null}
        onClose={() => setPlaying(null)}
        name={playing?.name ?? ''}
        src={playing?.embed_url ?? ''}
      />
      <ConfirmModal
        show={removing !== null}
        title="Remove this video?"
        confirmLabel="Remove video"
        busyLabel="Removing…"
        busy={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing.id)}
        onClose={() => setRemoving(null)}
      >
        <p className="mb-0">&ldquo;{removing?.name}&rdquo; will no longer show on your profile.</p>
      </ConfirmModal>
    </>
  );
}

/** Add Video (spec 2 §2 modals): a YouTube link, checked here for its shape and on the server for the video. */
export function AddVideoModal({
  userId,
  show,
  onClose,
}: {
  userId: number;
  show: boolean;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [url, setUrl] = useState('');
  const [error, setError] = useState('');
  const fieldId = useId();
  const titleId = useId();
  const add = useMutation({
    mutationFn: (link: string) => call(profile.addVideo, { url: link }),
    onSuccess: (answer) => {
      showSuccess(answer.message);
      close();
      return queryClient.invalidateQueries({ queryKey: profileKey(userId) });
    },
    onError: (e) =>
      setError(e instanceof ApiError ? e.message : 'The video could not be added. Please try again.'),
  });
  function close() {
    setUrl('');
    setError('');
    onClose();
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Spec 1 §5: a link that is not YouTube's gets the message and the field clears.
    if (!media.youtubeIdOf(url)) {
      setError(media.BAD_VIDEO_URL);
      setUrl('');
      return;
    }
    setError('');
    add.mutate(url.trim());
  };
  return (
    <Modal show={show} onHide={close} centered aria-labelledby={titleId}>
      <form onSubmit={submit} noValidate>
        <Modal.Header closeButton closeLabel="Close">
          <Modal.Title id={titleId} as="h2" className="h5">
            Add a video
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <label htmlFor={fieldId} className="form-label">
            YouTube link
          </label>
          <input
            id={fieldId}
            className={`form-control${error ? ' is-invalid' : ''}`}
            type="url"
            inputMode="url"
            placeholder="https://www.youtube.com/watch?v=…"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            aria-describedby={error ? `${fieldId}-error` : `${fieldId}-hint`}
            autoFocus
          />
          {error ? (
            <div id={`${fieldId}-error`} className="invalid-feedback d-block" role="alert">
              {error}
            </div>
          ) : (
            <div id={`${fieldId}-hint`} className="form-text">
              Your reel, a trailer or a scene you are in. Up to {profile.MAX_PROFILE_VIDEOS} videos.
            </div>
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" disabled={!url.trim() || add.isPending}>
            {add.isPending ? 'Adding…' : 'Add video'}
          </Button>
        </Modal.Footer>
      </form>
    </Modal>
  );
}
