import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { help, type OutputOf } from '@marquee/contract';
import { ApiError } from '../../app/api';
import { LinksOnly } from '../../ui/LinksOnly';
import { showError, showSuccess } from '../../ui/toast';
import { usePageTitle } from '../../ui/usePageTitle';
import { closeRequest, postComment, refreshHelp, setStatus, threadKey, threadQuery } from './api';
import { StatusBadge } from './StatusBadge';

type Thread = OutputOf<typeof help.fetchRequestThread>;

/**
 * One help request with its messages (spec 3 §2): the member's, or staff's in admin context (the
 * status selector, links to the admin member page, pictures on replies). More than 5 messages and
 * the page opens at the newest.
 */
export function RequestThread({ id, backTo }: { id: number; backTo: string }) {
  const thread = useQuery(threadQuery(id));
  usePageTitle(thread.data ? `Help: ${thread.data.subject}` : 'Help Center');

  if (thread.isPending) {
    return (
      <div className="card mq-help-state" role="status">
        <span className="spinner-border text-primary" aria-hidden="true" />
        <span className="visually-hidden">Loading the request…</span>
      </div>
    );
  }
  if (thread.isError) {
    const refused =
      thread.error instanceof ApiError && thread.error.httpStatus < 500 && thread.error.httpStatus > 0;
    return (
      <div className="card mq-help-state" role="alert">
        <p className="mb-3">{refused ? thread.error.message : 'We could not load this request.'}</p>
        {refused ? (
          <Link to={backTo}>Back to the help requests</Link>
        ) : (
          <button type="button" className="btn btn-outline-primary" onClick={() => void thread.refetch()}>
            Try again
          </button>
        )}
      </div>
    );
  }
  return <ThreadView thread={thread.data} id={id} backTo={backTo} />;
}

function ThreadView({ thread, id, backTo }: { thread: Thread; id: number; backTo: string }) {
  const endRef = useRef<HTMLDivElement>(null);
  const count = thread.messages.length;
  // Spec 3 §2: a thread of more than 5 messages opens scrolled to its end (and stays there as replies come).
  useEffect(() => {
    if (count > help.SCROLL_TO_END_AFTER) endRef.current?.scrollIntoView({ block: 'end' });
  }, [count]);

  const staff = thread.staff;
  const member = thread.member;
  return (
    <article className="mq-help-thread" aria-labelledby="mq-help-subject">
      <Link to={backTo} className="mq-help-thread__back">
        <span aria-hidden="true">‹ </span>
        {staff ? 'All help requests' : 'Back to the Help Center'}
      </Link>
      <header className="mq-help-thread__head card">
        <div className="mq-help-thread__title">
          <h2 id="mq-help-subject">{thread.subject}</h2>
          <StatusBadge status={thread.request.status} label={thread.request.status_label} />
        </div>
        <p className="mq-help-thread__meta">
          Opened {thread.request.date_opened}
          {staff && (
            <>
              {' by '}
              <Link to={`/admin/users/${member.id}`}>
                {member.first} {member.last}
              </Link>
            </>
          )}
          {' · '}updated {thread.request.ago}
        </p>
        {staff ? (
          <StatusSelector id={id} status={thread.request.status} />
        ) : thread.request.status === 'Awaiting Response' ? (
          <p className="mq-help-thread__note mb-0" role="note">
            Marquee Support has answered: reply below, or close the request if you are all set.
          </p>
        ) : thread.request.status === 'Pending' ? (
          <p className="mq-help-thread__note mb-0">{help.REPLY_PROMISE}</p>
        ) : null}
      </header>

      <ol className="mq-help-thread__messages" aria-label="Messages">
        {thread.messages.map((m) => (
          <li key={m.id} className={`mq-help-msg card${m.from_support ? ' is-support' : ''}`}>
            <div className="mq-help-msg__head">
              <span className="mq-help-msg__who">
                {m.from_support ? (
                  'Marquee Support'
                ) : staff ? (
                  <Link to={`/admin/users/${m.user_id}`}>
                    {m.first} {m.last}
                  </Link>
                ) : (
                  `${m.first} ${m.last}`
                )}
                {m.staff_name && <span className="mq-help-msg__staff"> (answered by {m.staff_name})</span>}
              </span>
              <span className="mq-help-msg__ago">{m.ago}</span>
            </div>
            <LinksOnly html={m.content} className="mq-help-msg__text" />
            {m.image && (
              <a href={m.image} target="_blank" rel="noopener noreferrer" className="mq-help-msg__image">
                <img src={m.image} alt="Picture attached by Marquee Support" loading="lazy" />
              </a>
            )}
          </li>
        ))}
      </ol>

      <ReplyForm id={id} staff={staff} closed={thread.request.status === 'Closed'} />
      {thread.canClose && <CloseButton id={id} staff={staff} />}
      <div ref={endRef} />
    </article>
  );
}

/** Staff set the status (spec 3 §4, admin context). */
function StatusSelector({ id, status }: { id: number; status: help.HelpStatus }) {
  const selectId = useId();
  const queryClient = useQueryClient();
  const change = useMutation({
    mutationFn: (next: help.HelpStatus) => setStatus(id, next),
    onSuccess: async (answer) => {
      showSuccess(answer.message);
      await refreshHelp(queryClient);
    },
  });
  return (
    <div className="mq-help-thread__status">
      <label htmlFor={selectId} className="form-label mb-0">
        Status
      </label>
      <select
        id={selectId}
        className="form-select"
        value={status}
        disabled={change.isPending}
        onChange={(event) => change.mutate(event.target.value as help.HelpStatus)}
      >
        {help.HELP_STATUSES.map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The reply form: 2 to 2,000 characters (spec 3 §5); staff may attach a picture (D12.4). */
function ReplyForm({ id, staff, closed }: { id: number; staff: boolean; closed: boolean }) {
  const formId = useId();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [picture, setPicture] = useState<File | null>(null);
  const [error, setError] = useState('');
  const fileRef = useRef<HTMLInputElement>(null);
  const post = useMutation({
    mutationFn: () => postComment(id, text.trim(), picture),
    meta: { quiet: true },
    onSuccess: async (answer) => {
      setText('');
      setPicture(null);
      if (fileRef.current) fileRef.current.value = '';
      setError('');
      showSuccess(answer.message);
      queryClient.setQueryData<Thread>(threadKey(id), (held) =>
        held ? { ...held, request: answer.request, messages: [...held.messages, answer.sent] } : held,
      );
      await refreshHelp(queryClient);
    },
    onError: (failure) => {
      if (
        failure instanceof ApiError &&
        failure.httpStatus >= 400 &&
        failure.httpStatus < 500 &&
        !failure.isLoggedOut
      )
        setError(failure.message);
      else showError(failure);
    },
  });
  const length = text.trim().length;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (length < help.COMMENT_MIN || length > help.COMMENT_MAX) {
      setError(help.COMMENT_LENGTH_ERROR);
      return;
    }
    post.mutate();
  };
  return (
    <form className="mq-help-reply card" onSubmit={submit} noValidate>
      <label htmlFor={`${formId}-text`} className="form-label">
        {staff ? 'Reply as Marquee Support' : closed ? 'Reply to reopen this request' : 'Your reply'}
      </label>
      <textarea
        id={`${formId}-text`}
        className={`form-control${error ? ' is-invalid' : ''}`}
        rows={4}
        value={text}
        maxLength={help.COMMENT_MAX}
        aria-describedby={`${formId}-hint${error ? ` ${formId}-error` : ''}`}
        aria-invalid={error ? true : undefined}
        onChange={(event) => {
          setText(event.target.value);
          setError('');
        }}
      />
      {error && (
        <div id={`${formId}-error`} className="invalid-feedback d-block" role="alert">
          {error}
        </div>
      )}
      <div className="mq-help-reply__bar">
        <span id={`${formId}-hint`} className="form-text">
          {help.COMMENT_MAX - length} characters left
        </span>
        {staff && (
          <span className="mq-help-reply__file">
            <label htmlFor={`${formId}-file`} className="form-label mb-0">
              Picture (optional)
            </label>
            <input
              ref={fileRef}
              id={`${formId}-file`}
              type="file"
              accept="image/png,image/gif,image/jpeg"
              className="form-control form-control-sm"
              onChange={(event) => setPicture(event.target.files?.[0] ?? null)}
            />
          </span>
        )}
        <button type="submit" className="btn btn-primary" disabled={post.isPending}>
          {post.isPending ? 'Sending…' : 'Send Reply'}
        </button>
      </div>
    </form>
  );
}

/** The member (or staff) closes the request (D12.4). */
function CloseButton({ id, staff }: { id: number; staff: boolean }) {
  const queryClient = useQueryClient();
  const close = useMutation({
    mutationFn: () => closeRequest(id),
    onSuccess: async (answer) => {
      showSuccess(answer.message);
      await refreshHelp(queryClient);
    },
  });
  return (
    <div className="mq-help-thread__close">
      <button
        type="button"
        className="btn btn-outline-secondary"
        disabled={close.isPending}
        onClick={() => close.mutate()}
      >
        {staff ? 'Close this request' : 'Close my request'}
      </button>
      {!staff && <span className="form-text">Solved? Close it. A reply opens it again.</span>}
    </div>
  );
}
