import { useEffect, useId, useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import Button from 'react-bootstrap/Button';
import { media, uploads } from '@marquee/contract';
import { call } from '../../app/api';
import { IconImage, IconPlay, IconVideo } from '../../ui/mediaIcons';

/** What a topic's first post carries (D12.1: one image or one YouTube video, never both). */
export type TopicMediaState =
  | { kind: 'none' }
  | { kind: 'videoEntry' }
  | { kind: 'fetching' }
  | { kind: 'video'; videoId: string; title: string }
  | { kind: 'image'; file: File; previewUrl: string };

const IMAGE_TYPES = ['image/png', 'image/gif', 'image/jpeg'];

/** Why a chosen file cannot go with the topic (spec 2 §5's rules; the server checks again, by content). */
export function imageRefusal(file: { type: string; size: number }): string | null {
  if (!IMAGE_TYPES.includes(file.type)) return uploads.BAD_TYPE;
  if (file.size > uploads.MAX_UPLOAD_BYTES) return uploads.TOO_LARGE;
  return null;
}

interface TopicMediaProps {
  state: TopicMediaState;
  disabled: boolean;
  onChange: (state: TopicMediaState) => void;
  /** A refusal to show in the modal (a wrong file, a link that is not a YouTube video). */
  onProblem: (message: string) => void;
}

/**
 * The New Topic modal's picture or video: "Add an image" picks a PNG, GIF or JPEG up to 2 MB; "Add a
 * YouTube video" takes a link, finds the video and shows its title. Either can be taken off again.
 */
export function TopicMedia({ state, disabled, onChange, onProblem }: TopicMediaProps) {
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [link, setLink] = useState('');

  const lookup = useMutation({
    mutationFn: (videoId: string) => call(media.fetchVideoDetails, { videoId }),
    meta: { quiet: true },
    onSuccess: (answer) =>
      onChange({ kind: 'video', videoId: answer.video.videoId, title: answer.video.title }),
    onError: (error) => {
      onProblem(error.message);
      onChange({ kind: 'videoEntry' });
    },
  });

  // The image preview's object URL lives as long as the preview.
  useEffect(() => {
    if (state.kind !== 'image') return;
    return () => URL.revokeObjectURL(state.previewUrl);
  }, [state]);

  const findVideo = () => {
    const videoId = media.youtubeIdOf(link.trim());
    if (!videoId) {
      onProblem(media.BAD_VIDEO_URL);
      return;
    }
    setLink('');
    onChange({ kind: 'fetching' });
    lookup.mutate(videoId);
  };

  if (state.kind === 'videoEntry') {
    return (
      <div className="mq-topic-media">
        <label htmlFor={`${id}-link`} className="form-label">
          YouTube link
        </label>
        <div className="mq-topic-media__entry">
          <input
            id={`${id}-link`}
            type="url"
            inputMode="url"
            className="form-control"
            placeholder="https://www.youtube.com/watch?v=…"
            value={link}
            autoFocus
            disabled={disabled}
            onChange={(event) => setLink(event.target.value)}
            onKeyDown={(event) => {
              // Enter finds the video rather than sending the topic.
              if (event.key === 'Enter') {
                event.preventDefault();
                if (link.trim()) findVideo();
              }
            }}
          />
          <Button variant="primary" onClick={findVideo} disabled={disabled || !link.trim()}>
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
      <div className="mq-topic-media mq-topic-media__note" role="status">
        <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
        Looking up the video…
      </div>
    );
  }

  if (state.kind === 'video' || state.kind === 'image') {
    return (
      <div className="mq-topic-media mq-topic-media__preview">
        {state.kind === 'image' ? (
          <img src={state.previewUrl} alt="Preview of the image to post" className="mq-topic-media__image" />
        ) : (
          <span className="mq-topic-media__poster" aria-hidden="true">
            <IconPlay />
          </span>
        )}
        <span className="mq-topic-media__name">
          <span className="small text-body-secondary d-block">
            {state.kind === 'image' ? 'Image' : 'YouTube video'}
          </span>
          <strong className="text-break">{state.kind === 'image' ? state.file.name : state.title}</strong>
        </span>
        <Button
          variant="outline-secondary"
          size="sm"
          disabled={disabled}
          onClick={() => onChange({ kind: 'none' })}
        >
          {state.kind === 'image' ? 'Remove image' : 'Remove video'}
        </Button>
      </div>
    );
  }

  return (
    <div className="mq-topic-media mq-topic-media__buttons">
      <Button
        variant="outline-primary"
        size="sm"
        disabled={disabled}
        onClick={() => fileInput.current?.click()}
      >
        <IconImage /> Add an image
      </Button>
      <Button
        variant="outline-primary"
        size="sm"
        disabled={disabled}
        onClick={() => onChange({ kind: 'videoEntry' })}
      >
        <IconVideo /> Add a YouTube video
      </Button>
      <input
        ref={fileInput}
        type="file"
        accept={IMAGE_TYPES.join(',')}
        className="d-none"
        aria-label="Choose an image for your topic"
        tabIndex={-1}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (!file) return;
          const refusal = imageRefusal(file);
          if (refusal) onProblem(refusal);
          else onChange({ kind: 'image', file, previewUrl: URL.createObjectURL(file) });
        }}
      />
      <span className="small text-body-secondary">
        One PNG, GIF or JPEG up to 2 MB, or one YouTube video.
      </span>
    </div>
  );
}
