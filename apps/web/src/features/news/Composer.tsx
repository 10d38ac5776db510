import { useEffect, useId, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Button from 'react-bootstrap/Button';
import { media, news } from '@marquee/contract';
import { call } from '../../app/api';
import { useCurrentUser } from '../../app/session';
import { Avatar } from '../../ui/Avatar';
import { showError, showSuccess, showWarning } from '../../ui/toast';
import { newsKey, postNews } from './api';
import { CharacterCounter } from './CharacterCounter';
import { MentionTextarea } from './MentionTextarea';
import { withMentionMarkup, type Mention } from './mentions';
import { ComposerMedia, imageRefusal, type MediaState } from './ComposerMedia';

/**
 * The composer (spec 1 §4): collapsed, then focused (counter and media buttons appear), then
 * posting. Post is disabled while the text is out of bounds or while posting (spec 1 §5).
 */
export function Composer() {
  const id = useId();
  const user = useCurrentUser();
  const client = useQueryClient();
  const [text, setText] = useState('');
  const [mentions, setMentions] = useState<Mention[]>([]);
  const [focused, setFocused] = useState(false);
  const [attached, setAttached] = useState<MediaState>({ kind: 'none' });

  const length = text.trim().length;
  const inBounds = length >= news.POST_MIN && length <= news.POST_MAX;

  const post = useMutation({
    mutationFn: () =>
      postNews({
        text: withMentionMarkup(text.trim(), mentions),
        image: attached.kind === 'image' ? attached.file : undefined,
        videoId: attached.kind === 'video' ? attached.videoId : undefined,
      }),
    onSuccess: (answer) => {
      showSuccess(answer.message);
      setText('');
      setMentions([]);
      setAttached({ kind: 'none' });
      setFocused(false);
      void client.invalidateQueries({ queryKey: [...newsKey, 'feed'] });
    },
  });

  const lookup = useMutation({
    mutationFn: (videoId: string) => call(media.fetchVideoDetails, { videoId }),
    meta: { quiet: true },
    onSuccess: (answer) =>
      setAttached({ kind: 'video', videoId: answer.video.videoId, title: answer.video.title }),
    onError: (error) => {
      // Spec 1 §5: no such video gets the bad-link message, and the field clears.
      showError(error);
      setAttached({ kind: 'videoEntry', url: '' });
    },
  });

  // The image preview's object URL lives as long as the preview.
  useEffect(() => {
    if (attached.kind !== 'image') return;
    return () => URL.revokeObjectURL(attached.previewUrl);
  }, [attached]);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!inBounds) {
      showWarning(news.POST_LENGTH_ERROR);
      return;
    }
    if (post.isPending || attached.kind === 'fetching' || attached.kind === 'videoEntry') return;
    post.mutate();
  };

  const findVideo = (url: string) => {
    const videoId = media.youtubeIdOf(url);
    if (!videoId) {
      showWarning(media.BAD_VIDEO_URL);
      setAttached({ kind: 'videoEntry', url: '' });
      return;
    }
    setAttached({ kind: 'fetching', url });
    lookup.mutate(videoId);
  };

  const pickImage = (file: File) => {
    const refusal = imageRefusal(file);
    if (refusal) {
      showWarning(refusal);
      return;
    }
    setAttached({ kind: 'image', file, previewUrl: URL.createObjectURL(file) });
  };

  const open = focused || text.length > 0 || attached.kind !== 'none';
  const posting = post.isPending;
  const waiting = attached.kind === 'fetching' || attached.kind === 'videoEntry';

  return (
    <section className={`card mq-composer${open ? ' is-open' : ''}`} aria-labelledby={`${id}-title`}>
      <form className="card-body" onSubmit={submit} aria-busy={posting}>
        <h2 id={`${id}-title`} className="visually-hidden">
          Share news
        </h2>
        <div className="mq-composer__row">
          <Avatar src={user.avatar} size={44} alt="" className="d-none d-sm-block" />
          <MentionTextarea
            id={`${id}-text`}
            label="Share news with the community"
            placeholder={open ? 'What is new? Type @ to mention a member.' : 'Share your news…'}
            value={text}
            onChange={setText}
            onMention={(m) => setMentions((list) => [...list.filter((x) => x.id !== m.id), m])}
            onFocus={() => setFocused(true)}
            onSubmit={() => submit()}
            rows={open ? 3 : 1}
            disabled={posting}
            describedBy={open ? `${id}-counter` : undefined}
            className="form-control mq-composer__text"
          />
        </div>
        {open && (
          <>
            <ComposerMedia
              state={attached}
              disabled={posting}
              onChange={setAttached}
              onFindVideo={findVideo}
              onPickImage={pickImage}
            />
            <div className="mq-composer__foot">
              <CharacterCounter
                id={`${id}-counter`}
                length={length}
                max={news.POST_MAX}
                min={news.POST_MIN}
              />
              <Button type="submit" disabled={!inBounds || posting || waiting}>
                {posting ? (
                  <>
                    <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
                    Posting…
                  </>
                ) : (
                  'Post'
                )}
              </Button>
            </div>
          </>
        )}
      </form>
    </section>
  );
}
