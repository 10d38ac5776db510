import { useId, useRef, useState, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import { uploads } from '@marquee/contract';
import { IconImage, IconPlay, IconVideo } from '../../ui/mediaIcons';

/** Composer media (spec 1 §4): none, video URL entry, fetching, preview, image preview. */
export type MediaState =
  | { kind: 'none' }
  | { kind: 'videoEntry'; url: string }
  | { kind: 'fetching'; url: string }
  | { kind: 'video'; videoId: string; title: string }
  | { kind: 'image'; file: File; previewUrl: string };

const IMAGE_TYPES = ['image/png', 'image/gif', 'image/jpeg'];

/**
 * Why a chosen file cannot be attached, or null: the upload rules of spec 2 §5, checked here so a
 * wrong file is refused before it is sent (the server checks again, by content).
 */
export function imageRefusal(file: { type: string; size: number }): string | null {
  if (!IMAGE_TYPES.includes(file.type)) return uploads.BAD_TYPE;
  if (file.size > uploads.MAX_UPLOAD_BYTES) return uploads.TOO_LARGE;
  return null;
}

interface ComposerMediaProps {
  state: MediaState;
  disabled: boolean;
  onChange: (state: MediaState) => void;
  onFindVideo: (url: string) => void;
  onPickImage: (file: File) => void;
}

export function ComposerMedia({ state, disabled, onChange, onFindVideo, onPickImage }: ComposerMediaProps) {
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [url, setUrl] = useState('');

  if (state.kind === 'videoEntry') {
    const find = () => {
      onFindVideo(url.trim());
      setUrl('');
    };
    return (
      <div className="mq-composer__media mq-video-entry">
        <label htmlFor={`${id}-url`} className="form-label small mb-1">
          YouTube link
        </label>
        <div className="d-flex gap-2 flex-wrap">
          <input
            id={`${id}-url`}
            type="url"
            inputMode="url"
            className="form-control"
            placeholder="https://www.youtube.com/watch?v=…"
            value={url}
            autoFocus
            onChange={(event) => setUrl(event.target.value)}
            onKeyDown={(event) => {
              // Enter finds the video instead of sending the post.
              if (event.key === 'Enter') {
                event.preventDefault();
                if (url.trim()) find();
              } else if (event.key === 'Escape') {
                onChange({ kind: 'none' });
              }
            }}
          />
          <Button variant="primary" onClick={find} disabled={!url.trim()}>
            Add video
          </Button>
          <Button variant="outline-secondary" onClick={() => onChange({ kind: 'none' })}>
            Cancel
          </Button>
        </div>
      </div>
    );
  }

  if (state.kind === 'fetching') {
    return (
      <div className="mq-composer__media mq-media-note" role="status">
        <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
        Looking up the video…
      </div>
    );
  }

  if (state.kind === 'video') {
    return (
      <MediaPreview
        picture={
          <div className="mq-video-poster mq-video-poster--small" aria-hidden="true">
            <IconPlay />
          </div>
        }
        kind="YouTube video"
        name={<strong>{state.title}</strong>}
        removeLabel="Remove video"
        disabled={disabled}
        onRemove={() => onChange({ kind: 'none' })}
      />
    );
  }

  if (state.kind === 'image') {
    return (
      <MediaPreview
        picture={
          <img
            src={state.previewUrl}
            alt="Preview of the image to post"
            className="mq-media-preview__image"
          />
        }
        kind="Image"
        name={<strong className="text-break">{state.file.name}</strong>}
        removeLabel="Remove image"
        disabled={disabled}
        onRemove={() => onChange({ kind: 'none' })}
      />
    );
  }

  return (
    <div className="mq-composer__media mq-media-buttons">
      <Button
        variant="outline-primary"
        size="sm"
        disabled={disabled}
        onClick={() => onChange({ kind: 'videoEntry', url: '' })}
      >
        <IconVideo /> Video
      </Button>
      <Button
        variant="outline-primary"
        size="sm"
        disabled={disabled}
        onClick={() => fileInput.current?.click()}
      >
        <IconImage /> Image
      </Button>
      <input
        ref={fileInput}
        type="file"
        accept={IMAGE_TYPES.join(',')}
        className="d-none"
        aria-label="Choose an image to post"
        tabIndex={-1}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) onPickImage(file);
        }}
      />
      <span className="small text-body-secondary">PNG, GIF or JPEG up to 2 MB, or a YouTube link.</span>
    </div>
  );
}

/** The video or image attached, with the way to take it off again. */
function MediaPreview(props: {
  picture: ReactNode;
  kind: string;
  name: ReactNode;
  removeLabel: string;
  disabled: boolean;
  onRemove: () => void;
}) {
  return (
    <div className="mq-composer__media mq-media-preview">
      {props.picture}
      <div className="mq-media-preview__text">
        <span className="small text-body-secondary">{props.kind}</span>
        {props.name}
      </div>
      <Button variant="outline-secondary" size="sm" disabled={props.disabled} onClick={props.onRemove}>
        {props.removeLabel}
      </Button>
    </div>
  );
}
