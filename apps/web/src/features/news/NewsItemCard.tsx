import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Button from 'react-bootstrap/Button';
import Dropdown from 'react-bootstrap/Dropdown';
import { news } from '@marquee/contract';
import { call } from '../../app/api';
import { useCurrentUser } from '../../app/session';
import { Avatar } from '../../ui/Avatar';
import { ConfirmModal } from '../../ui/ConfirmModal';
import { showInfo, showSuccess } from '../../ui/toast';
import { VideoPlayerModal } from '../../ui/VideoPlayerModal';
import { dropAuthor, patchItem, toggledLikers } from './api';
import { Comments } from './Comments';
import { IconComment, IconHeart, IconMore } from './icons';
import { IconPlay } from '../../ui/mediaIcons';
import { NewsText } from './NewsText';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** One news item (spec 1 §3, §4): visible, hidden (with the option to hide the author), or deleted. */
export function NewsItemCard({ item, startOpen = false }: { item: news.NewsItem; startOpen?: boolean }) {
  const id = useId();
  const me = useCurrentUser().id;
  const client = useQueryClient();
  const [hidden, setHidden] = useState(false);
  const [showComments, setShowComments] = useState(startOpen);
  const [playing, setPlaying] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const profile = `/profile/${item.user_id}`;

  // Spec 1 §4: likes update at once and are put back if the server refuses.
  const like = useMutation({
    mutationFn: (liked: boolean) =>
      call(liked ? news.likeNewsItem : news.unlikeNewsItem, { news_id: item.id }),
    onMutate: (liked) =>
      patchItem(client, item.id, (i) => ({ ...i, liked, likers: toggledLikers(i.likers, me, liked) })),
    onError: (_error, liked) =>
      patchItem(client, item.id, (i) => ({
        ...i,
        liked: !liked,
        likers: toggledLikers(i.likers, me, !liked),
      })),
    onSuccess: (answer) =>
      patchItem(client, item.id, (i) => ({ ...i, likers: answer.likers, liked: answer.likers.includes(me) })),
  });

  const hide = useMutation({
    mutationFn: () => call(news.hideNewsItem, { news_id: item.id }),
    onSuccess: () => setHidden(true),
  });

  const hideAuthor = useMutation({
    mutationFn: () => call(news.hideUserNews, { user_id: item.user_id }),
    onSuccess: (answer) => {
      showInfo(answer.message);
      dropAuthor(client, item.user_id);
    },
  });

  const remove = useMutation({
    mutationFn: () => call(news.deleteNews, { news_id: item.id }),
    onSuccess: (answer) => {
      setConfirming(false);
      showSuccess(answer.message);
      patchItem(client, item.id, () => null);
    },
  });

  if (hidden) {
    return (
      <article className="card mq-news-item is-hidden" aria-labelledby={`${id}-author`}>
        <div className="card-body">
          <p id={`${id}-author`} className="mb-2">
            This post from {item.user_full_name} is hidden from your feed.
          </p>
          {item.canHideAuthor && (
            <Button
              variant="outline-primary"
              size="sm"
              disabled={hideAuthor.isPending}
              onClick={() => hideAuthor.mutate()}
            >
              Hide all posts from {item.user_full_name}
            </Button>
          )}
        </div>
      </article>
    );
  }

  const likes = item.likers.length;
  return (
    <article
      className={`card mq-news-item${item.raw ? ' is-official' : ''}`}
      aria-labelledby={`${id}-author`}
    >
      <div className="card-body">
        <header className="mq-news-item__head">
          <Link to={profile} tabIndex={-1} aria-hidden="true">
            <Avatar src={item.avatar} size={44} alt="" />
          </Link>
          <div className="mq-news-item__who">
            <Link id={`${id}-author`} to={profile} className="mq-news-item__name">
              {item.user_full_name}
            </Link>
            {item.raw && <span className="badge mq-official-badge ms-2">Official</span>}
            <div className="mq-news-item__when">{item.time_ago}</div>
          </div>
          {(item.canDelete || item.canHide) && (
            <Dropdown align="end">
              <Dropdown.Toggle
                variant="link"
                className="mq-icon-button"
                aria-label={`Post options: ${item.user_full_name}`}
              >
                <IconMore />
              </Dropdown.Toggle>
              <Dropdown.Menu>
                {item.canHide && (
                  <Dropdown.Item as="button" onClick={() => hide.mutate()}>
                    Hide this post
                  </Dropdown.Item>
                )}
                {item.canHideAuthor && (
                  <Dropdown.Item as="button" onClick={() => hideAuthor.mutate()}>
                    Hide all posts from {item.user_full_name}
                  </Dropdown.Item>
                )}
                {item.canDelete && (
                  <Dropdown.Item as="button" className="text-danger" onClick={() => setConfirming(true)}>
                    Delete post
                  </Dropdown.Item>
                )}
              </Dropdown.Menu>
            </Dropdown>
          )}
        </header>

        <NewsText html={item.content} raw={item.raw} className="mq-news-item__text" />

        {item.media_type === 'image' && item.image_url && (
          <img
            className="mq-news-item__image"
            src={item.image_url}
            alt={`Image posted by ${item.user_full_name}`}
            loading="lazy"
          />
        )}
        {item.media_type === 'youtube' && item.video_embed_url && (
          <>
            <button type="button" className="mq-video-poster" onClick={() => setPlaying(true)}>
              <span className="mq-video-poster__play" aria-hidden="true">
                <IconPlay />
              </span>
              <span className="mq-video-poster__title">
                <span className="visually-hidden">Play video: </span>
                {item.video_title}
              </span>
            </button>
            <VideoPlayerModal
              show={playing}
              onClose={() => setPlaying(false)}
              name={item.video_title ?? 'Video'}
              src={item.video_embed_url}
            />
          </>
        )}

        <footer className="mq-news-item__actions">
          <Button
            variant="link"
            className={`mq-action${item.liked ? ' is-on' : ''}`}
            aria-pressed={item.liked}
            onClick={() => like.mutate(!item.liked)}
          >
            <IconHeart filled={item.liked} /> {item.liked ? 'Liked' : 'Like'}
            <span className="mq-action__count">{likes > 0 ? ` · ${likes}` : ''}</span>
            <span className="visually-hidden">{`, ${plural(likes, 'like', 'likes')}`}</span>
          </Button>
          <Button
            variant="link"
            className="mq-action"
            aria-expanded={showComments}
            aria-controls={`${id}-comments`}
            onClick={() => setShowComments((open) => !open)}
          >
            <IconComment /> {plural(item.comments, 'comment', 'comments')}
          </Button>
        </footer>
        <div id={`${id}-comments`} hidden={!showComments}>
          {showComments && <Comments newsId={item.id} />}
        </div>
      </div>

      <ConfirmModal
        show={confirming}
        title="Delete this post?"
        confirmLabel="Delete post"
        cancelLabel="Keep it"
        closeLabel="Keep the post"
        busy={remove.isPending}
        onConfirm={() => remove.mutate()}
        onClose={() => setConfirming(false)}
      >
        Its comments and likes go with it. This cannot be undone.
      </ConfirmModal>
    </article>
  );
}
