import { useState } from 'react';
import { Link } from 'react-router';
import Button from 'react-bootstrap/Button';
import type { board } from '@marquee/contract';
import { Avatar } from '../../ui/Avatar';
import { LinksOnly } from '../../ui/LinksOnly';
import { VideoPlayerModal } from '../../ui/VideoPlayerModal';
import { IconTrash } from './icons';
import { IconPlay } from '../../ui/mediaIcons';

/**
 * One post of a thread (spec 3 §3 Post): who wrote it and when, its text with links only (D8.1), and
 * the topic's picture or YouTube video on the first post. Its author may delete it (spec 3 §6).
 */
export function PostCard({
  post,
  topicTitle,
  onDelete,
}: {
  post: board.BoardPost;
  topicTitle: string;
  onDelete: (post: board.BoardPost) => void;
}) {
  const [playing, setPlaying] = useState(false);
  return (
    <article
      className={`card mq-board-post${post.first ? ' mq-board-post--first' : ''}`}
      id={`post-${post.id}`}
    >
      <div className="card-body">
        <header className="mq-board-post__head">
          <Link
            to={`/profile/${post.user_id}`}
            className="mq-board-post__avatar"
            tabIndex={-1}
            aria-hidden="true"
          >
            <Avatar src={post.avatar} size={44} alt="" />
          </Link>
          <div className="mq-board-post__who">
            <Link to={`/profile/${post.user_id}`} className="mq-board-post__name">
              {post.user_name}
            </Link>
            <span className="small text-body-secondary">
              {post.first ? 'started the topic ' : 'replied '}
              <time dateTime={post.date_posted} title={new Date(post.date_posted).toLocaleString('en-US')}>
                {post.posted_ago}
              </time>
            </span>
          </div>
          {post.canDelete && (
            <Button
              variant="link"
              size="sm"
              className="mq-board-post__delete"
              onClick={() => onDelete(post)}
              aria-label={post.first ? 'Delete this topic' : 'Delete your reply'}
            >
              <IconTrash /> Delete
            </Button>
          )}
        </header>
        <LinksOnly html={post.content} className="mq-board-post__text" />
        {post.media_type === 'image' && post.image_url && (
          <a href={post.image_url} target="_blank" rel="noopener noreferrer" className="mq-board-post__image">
            <img
              src={post.image_url}
              alt={`Image posted by ${post.user_name} with the topic`}
              loading="lazy"
            />
          </a>
        )}
        {post.media_type === 'youtube' && post.video_embed_url && (
          <>
            <button type="button" className="mq-board-post__video" onClick={() => setPlaying(true)}>
              <span className="mq-board-post__play" aria-hidden="true">
                <IconPlay />
              </span>
              <span className="mq-board-post__video-title">
                <span className="visually-hidden">Play video: </span>
                {post.video_title}
              </span>
            </button>
            <VideoPlayerModal
              show={playing}
              onClose={() => setPlaying(false)}
              name={post.video_title ?? 'Video'}
              heading={post.video_title ?? topicTitle}
              src={post.video_embed_url}
            />
          </>
        )}
      </div>
    </article>
  );
}
