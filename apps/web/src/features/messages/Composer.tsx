import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { messages } from '@marquee/contract';
import { ApiError } from '../../app/api';
import { showError } from '../../ui/toast';
import { sendMessage } from './api';

/** The counter appears once this few characters are left. */
const COUNTER_FROM = 200;

/** Why posting is not possible here, with the upgrade link when membership is the reason. */
export function CannotPost({ notice, needsUpgrade }: { notice: string; needsUpgrade: boolean }) {
  return (
    <div className="mq-msg-compose mq-msg-compose--closed" role="note">
      <p className="mb-1">{notice}</p>
      {needsUpgrade && <Link to="/membership">See membership options</Link>}
    </div>
  );
}

/**
 * The composer: Send is enabled above 1 character (spec 2 §5); Enter sends and Shift+Enter starts
 * a new line.
 */
export function Composer({
  toId,
  toFirst,
  onSent,
}: {
  toId: number;
  toFirst: string;
  onSent: (sent: messages.ThreadMessage) => void;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const [upgradeNotice, setUpgradeNotice] = useState('');
  const post = useMutation({
    mutationFn: (message: string) => sendMessage(toId, message),
    meta: { quiet: true },
    onSuccess: (answer) => {
      setText('');
      onSent(answer.sent);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.extra === messages.UPGRADE_EXTRA)
        setUpgradeNotice(error.message);
      else showError(error);
    },
  });
  const length = text.trim().length;
  const left = messages.MESSAGE_MAX_LENGTH - length;
  const ready = length >= messages.MESSAGE_MIN_LENGTH && left >= 0 && !post.isPending;

  if (upgradeNotice) return <CannotPost notice={upgradeNotice} needsUpgrade />;

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (ready) post.mutate(text.trim());
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends; Shift+Enter (and Enter while an input method is composing) types a new line.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <form className="mq-msg-compose" onSubmit={submit}>
      <label htmlFor={`${id}-text`} className="visually-hidden">
        Message to {toFirst}
      </label>
      <textarea
        id={`${id}-text`}
        className="form-control"
        rows={2}
        placeholder={`Write to ${toFirst}…`}
        value={text}
        maxLength={messages.MESSAGE_MAX_LENGTH + 200}
        aria-describedby={`${id}-hint`}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <div className="mq-msg-compose__bar">
        <span id={`${id}-hint`} className={left < 0 ? 'text-danger' : undefined}>
          {left < COUNTER_FROM
            ? left < 0
              ? `${-left} characters too many`
              : `${left} characters left`
            : 'Enter to send, Shift+Enter for a new line'}
        </span>
        <button type="submit" className="btn btn-primary" disabled={!ready}>
          {post.isPending ? 'Sending…' : 'Send'}
        </button>
      </div>
    </form>
  );
}
