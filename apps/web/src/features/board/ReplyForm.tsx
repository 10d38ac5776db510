import { useId, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import Button from 'react-bootstrap/Button';
import { board } from '@marquee/contract';
import { showSuccess } from '../../ui/toast';
import { postReply } from './api';

/**
 * A reply to the topic (spec 3 §5): 4 to 2,000 characters, no picture or video; every member may
 * reply, free members too (spec 3 §6). Posting hands back the page the reply landed on.
 */
export function ReplyForm({
  thread,
  onPosted,
}: {
  thread: number;
  /** The reply's page (from 0) and its id. */
  onPosted: (page: number, postId: number) => void;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const length = text.trim().length;
  const inBounds = length >= board.POST_MIN && length <= board.POST_MAX;

  const post = useMutation({
    mutationFn: () => postReply(thread, text.trim()),
    onSuccess: (answer) => {
      showSuccess(answer.message);
      setText('');
      onPosted(answer.page, answer.post_id);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (inBounds && !post.isPending) post.mutate();
  };

  return (
    <section className="card mq-board-reply" aria-labelledby={`${id}-title`}>
      <form className="card-body" onSubmit={submit} aria-busy={post.isPending}>
        <h2 id={`${id}-title`} className="h6">
          Reply to this topic
        </h2>
        <label htmlFor={`${id}-text`} className="visually-hidden">
          Your reply
        </label>
        <textarea
          id={`${id}-text`}
          className="form-control"
          rows={4}
          placeholder="Share what you know. Links become clickable."
          value={text}
          maxLength={board.POST_MAX + 200}
          disabled={post.isPending}
          aria-describedby={`${id}-count`}
          onChange={(event) => setText(event.target.value)}
        />
        <div className="mq-board-reply__foot">
          <span
            id={`${id}-count`}
            className={`small${length > board.POST_MAX ? ' text-danger' : ' text-body-secondary'}`}
          >
            {length.toLocaleString('en-US')} of {board.POST_MAX.toLocaleString('en-US')} characters
            {length > 0 && length < board.POST_MIN ? ` (at least ${board.POST_MIN})` : ''}
          </span>
          <Button type="submit" disabled={!inBounds || post.isPending}>
            {post.isPending ? (
              <>
                <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
                Posting…
              </>
            ) : (
              'Post Reply'
            )}
          </Button>
        </div>
      </form>
    </section>
  );
}
