import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { board } from '@marquee/contract';
import { showSuccess } from '../../ui/toast';
import { boardKey, categoriesQuery, postTopic } from './api';
import { IconPlus } from './icons';
import { TopicMedia, type TopicMediaState } from './TopicMedia';

/** The "New Topic" button of the board's pages, with its modal. */
export function NewTopicButton({ category }: { category?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="primary" onClick={() => setOpen(true)}>
        <IconPlus /> New Topic
      </Button>
      {open && <NewTopicModal initialCategory={category} onHide={() => setOpen(false)} />}
    </>
  );
}

/**
 * Starting a topic (spec 3 §5, §6, D12.1): the category first, then the headline; the post editor
 * with its picture or video appears once the headline is longer than 5 characters. Free members
 * read that topics come with a paid membership, with the way to one. The server's refusals show in
 * the modal (spec 3 §8).
 */
export function NewTopicModal({ initialCategory, onHide }: { initialCategory?: string; onHide: () => void }) {
  const id = useId();
  const navigate = useNavigate();
  const client = useQueryClient();
  const categories = useQuery(categoriesQuery);
  const [category, setCategory] = useState(initialCategory ?? '');
  const [subject, setSubject] = useState('');
  const [content, setContent] = useState('');
  const [attached, setAttached] = useState<TopicMediaState>({ kind: 'none' });
  const [problem, setProblem] = useState('');

  const post = useMutation({
    mutationFn: () =>
      postTopic({
        category,
        subject: subject.trim(),
        content: content.trim(),
        image: attached.kind === 'image' ? attached.file : undefined,
        video: attached.kind === 'video' ? attached.videoId : undefined,
      }),
    meta: { quiet: true },
    onSuccess: (answer) => {
      showSuccess(answer.message);
      void client.invalidateQueries({ queryKey: boardKey });
      onHide();
      navigate(board.threadPath({ category, id: answer.thread_id }));
    },
    onError: (error) => setProblem(error.message),
  });

  const headline = subject.trim().length;
  const length = content.trim().length;
  const editorShown = headline >= board.SUBJECT_MIN;
  const ready =
    category !== '' &&
    headline >= board.SUBJECT_MIN &&
    headline <= board.SUBJECT_MAX &&
    length >= board.POST_MIN &&
    length <= board.POST_MAX &&
    (attached.kind === 'none' || attached.kind === 'image' || attached.kind === 'video');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem('');
    if (!category) setProblem(board.CHOOSE_CATEGORY);
    else if (headline < board.SUBJECT_MIN || headline > board.SUBJECT_MAX) setProblem(board.SUBJECT_LENGTH);
    else if (length < board.POST_MIN || length > board.POST_MAX) setProblem(board.POST_LENGTH);
    else if (ready && !post.isPending) post.mutate();
  };

  const canStart = categories.data?.canStartTopic;
  const busy = post.isPending;

  return (
    <Modal show onHide={busy ? () => {} : onHide} centered size="lg" aria-labelledby={`${id}-title`}>
      <Modal.Header closeButton closeLabel="Close">
        <Modal.Title id={`${id}-title`} as="h2" className="h5">
          Start a New Topic
        </Modal.Title>
      </Modal.Header>
      {categories.isPending ? (
        <Modal.Body>
          <p role="status" className="mb-0">
            <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
            Loading the categories…
          </p>
        </Modal.Body>
      ) : categories.isError ? (
        <Modal.Body>
          <p role="alert" className="mb-0">
            {board.CATEGORIES_FAILED}
          </p>
        </Modal.Body>
      ) : !canStart ? (
        <>
          <Modal.Body>
            <div className="mq-board-upgrade" role="note">
              <p className="mb-2">{board.FREE_CANNOT_START}</p>
              <p className="mb-0 small">
                Premium members start topics, send messages to any member and get 60 daily actions.
              </p>
            </div>
          </Modal.Body>
          <Modal.Footer>
            <Button variant="outline-secondary" onClick={onHide}>
              Not now
            </Button>
            <Link to="/membership" className="btn btn-primary" onClick={onHide}>
              See membership options
            </Link>
          </Modal.Footer>
        </>
      ) : (
        <form onSubmit={submit} aria-busy={busy} noValidate>
          <Modal.Body className="mq-new-topic">
            <div className="mb-3">
              <label htmlFor={`${id}-category`} className="form-label">
                Category
              </label>
              <select
                id={`${id}-category`}
                className="form-select"
                value={category}
                disabled={busy}
                autoFocus={!initialCategory}
                onChange={(event) => setCategory(event.target.value)}
              >
                <option value="">Choose a category…</option>
                {categories.data.categories.map((c) => (
                  <option key={c.category} value={c.category}>
                    {c.long_cat_name}
                  </option>
                ))}
              </select>
            </div>
            {category && (
              <div className="mb-3">
                <label htmlFor={`${id}-subject`} className="form-label">
                  Headline
                </label>
                <input
                  id={`${id}-subject`}
                  className="form-control"
                  value={subject}
                  maxLength={board.SUBJECT_MAX}
                  disabled={busy}
                  autoFocus={Boolean(initialCategory)}
                  aria-describedby={`${id}-subject-help`}
                  onChange={(event) => setSubject(event.target.value)}
                />
                <div id={`${id}-subject-help`} className="form-text">
                  {editorShown
                    ? `${headline} of ${board.SUBJECT_MAX} characters.`
                    : 'Write a headline of more than 5 characters to start your post.'}
                </div>
              </div>
            )}
            {category && editorShown && (
              <>
                <div className="mb-3">
                  <label htmlFor={`${id}-content`} className="form-label">
                    Your post
                  </label>
                  <textarea
                    id={`${id}-content`}
                    className="form-control"
                    rows={6}
                    value={content}
                    maxLength={board.POST_MAX + 200}
                    disabled={busy}
                    aria-describedby={`${id}-content-count`}
                    onChange={(event) => setContent(event.target.value)}
                  />
                  <div
                    id={`${id}-content-count`}
                    className={`form-text${length > board.POST_MAX ? ' text-danger' : ''}`}
                  >
                    {length.toLocaleString('en-US')} of {board.POST_MAX.toLocaleString('en-US')} characters
                    {length < board.POST_MIN ? ` (at least ${board.POST_MIN})` : ''}. Links become clickable.
                  </div>
                </div>
                <TopicMedia state={attached} disabled={busy} onChange={setAttached} onProblem={setProblem} />
              </>
            )}
            {problem && (
              <div className="alert alert-danger mt-3 mb-0" role="alert">
                {problem}
              </div>
            )}
          </Modal.Body>
          <Modal.Footer>
            <Button variant="outline-secondary" onClick={onHide} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" variant="primary" disabled={!ready || busy}>
              {busy ? (
                <>
                  <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
                  Posting…
                </>
              ) : (
                'Post Topic'
              )}
            </Button>
          </Modal.Footer>
        </form>
      )}
    </Modal>
  );
}
