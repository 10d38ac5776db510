import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useMutation, useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { help } from '@marquee/contract';
import { ApiError } from '../../app/api';
import { LinksOnly } from '../../ui/LinksOnly';
import { showError, showSuccess } from '../../ui/toast';
import { closedRequestsQuery, faqsQuery, openRequestsQuery, refreshHelp, submitRequest } from './api';
import { StatusBadge } from './StatusBadge';

/** /help (spec 3 §2): the request form, the member's open and closed requests, and the FAQs. */
export function HelpCenter() {
  const open = useQuery({ ...openRequestsQuery, select: (a) => a.openRequests });
  const closed = useQuery({ ...closedRequestsQuery, select: (a) => a.closedRequests });
  return (
    <div className="row g-4">
      <div className="col-lg-7 d-flex flex-column gap-4">
        <RequestForm />
        <RequestList title="Open requests" list={open} empty={help.EMPTY_OPEN} />
        <RequestList title="Closed requests" list={closed} empty={help.EMPTY_CLOSED} />
      </div>
      <div className="col-lg-5">
        <Faqs />
      </div>
    </div>
  );
}

/** Spec 3 §5: a subject over 3 characters (at most 50) and a description over 5, else the spec's message. */
function RequestForm() {
  const id = useId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [subject, setSubject] = useState('');
  const [content, setContent] = useState('');
  const [error, setError] = useState('');
  const send = useMutation({
    mutationFn: () => submitRequest(subject.trim(), content.trim()),
    meta: { quiet: true },
    onSuccess: async (answer) => {
      showSuccess(answer.message);
      await refreshHelp(queryClient);
      void navigate(`/help/${answer.thread_id}`);
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
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const s = subject.trim().length;
    const d = content.trim().length;
    if (s < help.SUBJECT_MIN || s > help.SUBJECT_MAX || d < help.DESCRIPTION_MIN) {
      setError(help.REQUEST_INCOMPLETE);
      return;
    }
    if (d > help.DESCRIPTION_MAX) {
      setError(help.DESCRIPTION_TOO_LONG);
      return;
    }
    setError('');
    send.mutate();
  };
  const errorId = `${id}-error`;
  return (
    <section className="card mq-help-card" aria-labelledby={`${id}-title`}>
      <div className="card-body">
        <h2 id={`${id}-title`} className="mq-help-card__title">
          Open a help request
        </h2>
        <p className="mq-help-promise">
          <ClockIcon /> {help.REPLY_PROMISE}
        </p>
        <form onSubmit={submit} noValidate>
          <div className="mb-3">
            <label htmlFor={`${id}-subject`} className="form-label">
              Subject
            </label>
            <input
              id={`${id}-subject`}
              className={`form-control${error ? ' is-invalid' : ''}`}
              value={subject}
              maxLength={help.SUBJECT_MAX}
              aria-describedby={`${id}-subject-hint${error ? ` ${errorId}` : ''}`}
              aria-invalid={error ? true : undefined}
              onChange={(event) => {
                setSubject(event.target.value);
                setError('');
              }}
            />
            <div id={`${id}-subject-hint`} className="form-text">
              {help.SUBJECT_MAX - subject.length} of {help.SUBJECT_MAX} characters left
            </div>
          </div>
          <div className="mb-3">
            <label htmlFor={`${id}-content`} className="form-label">
              Description
            </label>
            <textarea
              id={`${id}-content`}
              className={`form-control${error ? ' is-invalid' : ''}`}
              rows={5}
              value={content}
              maxLength={help.DESCRIPTION_MAX}
              placeholder="What happened, on which page, and what you expected."
              aria-describedby={error ? errorId : undefined}
              aria-invalid={error ? true : undefined}
              onChange={(event) => {
                setContent(event.target.value);
                setError('');
              }}
            />
          </div>
          {error && (
            <div id={errorId} className="alert alert-danger py-2" role="alert">
              {error}
            </div>
          )}
          <button type="submit" className="btn btn-primary" disabled={send.isPending}>
            {send.isPending ? 'Sending…' : 'Send Request'}
          </button>
        </form>
      </div>
    </section>
  );
}

function RequestList({
  title,
  list,
  empty,
}: {
  title: string;
  list: UseQueryResult<help.HelpRequestSummary[]>;
  empty: string;
}) {
  const id = useId();
  return (
    <section className="card mq-help-card" aria-labelledby={`${id}-title`}>
      <div className="card-body">
        <h2 id={`${id}-title`} className="mq-help-card__title">
          {title}
        </h2>
        {list.isPending ? (
          <p className="mq-help-note" role="status">
            <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
            Loading…
          </p>
        ) : list.isError ? (
          <div className="mq-help-note" role="alert">
            {help.REQUESTS_FAILED}{' '}
            <button
              type="button"
              className="btn btn-link p-0 align-baseline"
              onClick={() => void list.refetch()}
            >
              Try again
            </button>
          </div>
        ) : list.data.length === 0 ? (
          <p className="mq-help-note">{empty}</p>
        ) : (
          <ul className="mq-help-list">
            {list.data.map((r) => (
              <li key={r.id} className="mq-help-list__item">
                <Link to={`/help/${r.id}`} className="mq-help-list__subject">
                  {r.subject}
                </Link>
                <StatusBadge status={r.status} label={r.status_label} />
                <span className="mq-help-list__meta">
                  Opened {r.date_opened} · updated {r.ago}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

/** The operator's FAQs (help/fetchFaqs), each opening on its own. */
function Faqs() {
  const faqs = useQuery(faqsQuery);
  return (
    <section className="card mq-help-card mq-help-faqs" aria-labelledby="mq-help-faqs">
      <div className="card-body">
        <h2 id="mq-help-faqs" className="mq-help-card__title">
          Frequently asked questions
        </h2>
        {faqs.isPending ? (
          <p className="mq-help-note" role="status">
            Loading…
          </p>
        ) : faqs.isError ? (
          <div className="mq-help-note" role="alert">
            {help.FAQS_FAILED}{' '}
            <button
              type="button"
              className="btn btn-link p-0 align-baseline"
              onClick={() => void faqs.refetch()}
            >
              Try again
            </button>
          </div>
        ) : (
          <div className="mq-help-faqs__list">
            {faqs.data.faqs.map((f) => (
              <details key={f.id} className="mq-help-faq">
                <summary>{f.question}</summary>
                <LinksOnly html={f.answer} className="mq-help-faq__answer" />
              </details>
            ))}
          </div>
        )}
      </div>
    </section>
  );
}

function ClockIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      width="18"
      height="18"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3 2" strokeLinecap="round" />
    </svg>
  );
}
