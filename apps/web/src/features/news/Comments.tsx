import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Button from 'react-bootstrap/Button';
import { news } from '@marquee/contract';
import { call } from '../../app/api';
import { useCurrentUser } from '../../app/session';
import { Avatar } from '../../ui/Avatar';
import { showSuccess } from '../../ui/toast';
import { commentsQuery, patchItem, toggledLikers } from './api';
import { CharacterCounter } from './CharacterCounter';
import { IconHeart } from './icons';
import { MentionTextarea } from './MentionTextarea';
import { withMentionMarkup, type Mention } from './mentions';
import { NewsText } from './NewsText';

type CommentList = { status: 'success'; comments: news.NewsComment[] };

/** An item's comments, fetched when opened (spec 1 News feed), with their own composer. */
export function Comments({ newsId }: { newsId: number }) {
  const list = useQuery(commentsQuery(newsId));
  return (
    <div className="mq-comments">
      {list.isPending ? (
        <p className="mq-comments__note" role="status">
          <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
          Loading comments…
        </p>
      ) : list.isError ? (
        <p className="mq-comments__note" role="alert">
          {list.error.message}{' '}
          <Button variant="link" size="sm" className="p-0 align-baseline" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </p>
      ) : list.data.comments.length === 0 ? (
        <p className="mq-comments__note">No comments yet. Be the first to say something.</p>
      ) : (
        <ul className="mq-comments__list" aria-label="Comments">
          {list.data.comments.map((c) => (
            <CommentRow key={c.id} comment={c} />
          ))}
        </ul>
      )}
      <CommentComposer newsId={newsId} />
    </div>
  );
}

function CommentRow({ comment }: { comment: news.NewsComment }) {
  const me = useCurrentUser().id;
  const client = useQueryClient();
  const key = commentsQuery(comment.news_id).queryKey;
  const patch = (change: (c: news.NewsComment) => news.NewsComment | null) =>
    client.setQueryData<CommentList>(key, (data) =>
      data
        ? { ...data, comments: data.comments.flatMap((c) => (c.id === comment.id ? (change(c) ?? []) : [c])) }
        : data,
    );

  const like = useMutation({
    mutationFn: (liked: boolean) =>
      call(liked ? news.likeNewsComment : news.unlikeNewsComment, { comment_id: comment.id }),
    onMutate: (liked) => patch((c) => ({ ...c, liked, likers: toggledLikers(c.likers, me, liked) })),
    onError: (_e, liked) =>
      patch((c) => ({ ...c, liked: !liked, likers: toggledLikers(c.likers, me, !liked) })),
    onSuccess: (answer) => patch((c) => ({ ...c, likers: answer.likers, liked: answer.likers.includes(me) })),
  });

  const remove = useMutation({
    mutationFn: () => call(news.deleteComment, { comment_id: comment.id }),
    onSuccess: (answer) => {
      showSuccess(answer.message);
      patch(() => null);
      patchItem(client, comment.news_id, (i) => ({ ...i, comments: answer.comments }));
    },
  });

  const likes = comment.likers.length;
  return (
    <li className="mq-comment">
      <Avatar src={comment.avatar} size={32} alt="" />
      <div className="mq-comment__body">
        <div className="mq-comment__bubble">
          <Link to={`/profile/${comment.user_id}`} className="mq-comment__name">
            {comment.user_full_name}
          </Link>
          <NewsText html={comment.comment} className="mq-comment__text" />
        </div>
        <div className="mq-comment__meta">
          <span>{comment.time_ago}</span>
          {comment.canLike ? (
            <Button
              variant="link"
              size="sm"
              className={`mq-action mq-action--small${comment.liked ? ' is-on' : ''}`}
              aria-pressed={comment.liked}
              aria-label={`Like the comment by ${comment.user_full_name}${likes ? `, ${likes} like${likes === 1 ? '' : 's'}` : ''}`}
              onClick={() => like.mutate(!comment.liked)}
            >
              <IconHeart filled={comment.liked} /> {comment.liked ? 'Liked' : 'Like'}
              {likes > 0 && ` · ${likes}`}
            </Button>
          ) : (
            likes > 0 && (
              <span>
                <IconHeart filled /> {likes}
                <span className="visually-hidden"> like{likes === 1 ? '' : 's'}</span>
              </span>
            )
          )}
          {comment.canDelete && (
            <Button
              variant="link"
              size="sm"
              className="mq-action mq-action--small text-danger"
              disabled={remove.isPending}
              onClick={() => remove.mutate()}
            >
              Delete<span className="visually-hidden"> your comment</span>
            </Button>
          )}
        </div>
      </div>
    </li>
  );
}

function CommentComposer({ newsId }: { newsId: number }) {
  const id = useId();
  const client = useQueryClient();
  const [text, setText] = useState('');
  const [mentions, setMentions] = useState<Mention[]>([]);
  const length = text.trim().length;
  // Spec 1 §5: sent only when longer than 4 and shorter than 201 characters.
  const inBounds = length >= news.COMMENT_MIN && length <= news.COMMENT_MAX;

  const send = useMutation({
    mutationFn: () =>
      call(news.postComment, { news_id: newsId, comment: withMentionMarkup(text.trim(), mentions) }),
    onSuccess: (answer) => {
      setText('');
      setMentions([]);
      client.setQueryData<CommentList>(commentsQuery(newsId).queryKey, (data) =>
        data ? { ...data, comments: [...data.comments, answer.comment] } : data,
      );
      patchItem(client, newsId, (i) => ({ ...i, comments: answer.comments }));
    },
  });

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (inBounds && !send.isPending) send.mutate();
  };

  return (
    <form className="mq-comment-form" onSubmit={submit}>
      <MentionTextarea
        id={`${id}-comment`}
        label="Write a comment"
        placeholder="Write a comment…"
        value={text}
        onChange={setText}
        onMention={(m) => setMentions((list) => [...list.filter((x) => x.id !== m.id), m])}
        onSubmit={() => submit()}
        rows={2}
        disabled={send.isPending}
        describedBy={`${id}-counter`}
      />
      <div className="mq-comment-form__foot">
        <CharacterCounter
          id={`${id}-counter`}
          length={length}
          max={news.COMMENT_MAX}
          min={news.COMMENT_MIN}
        />
        <Button type="submit" size="sm" disabled={!inBounds || send.isPending}>
          {send.isPending ? 'Sending…' : 'Comment'}
        </Button>
      </div>
    </form>
  );
}
