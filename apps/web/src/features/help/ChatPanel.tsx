import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent,
} from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { help } from '@marquee/contract';
import { LinksOnly } from '../../ui/LinksOnly';
import { showError } from '../../ui/toast';
import { bootIntercom, shutdownIntercom } from './intercom';
import { chatConfigQuery, chatQuery, fetchMyChat, memberChatKey, sendChat } from './api';

/**
 * The help area's live chat (spec 3 §1, docs/domain.md H9-H11), shown on the help pages only and
 * gone when they close: Intercom's Messenger when the site runs Intercom, else Marquee's own panel,
 * a conversation with the support team.
 */
export function ChatPanel() {
  const setup = useQuery(chatConfigQuery);
  if (!setup.data) return null;
  if (setup.data.provider === 'intercom') return <IntercomChat setup={setup.data} />;
  return <MarqueeChat name={setup.data.identity.name} />;
}

function IntercomChat({ setup }: { setup: Extract<help.ChatSetup, { provider: 'intercom' }> }) {
  useEffect(() => {
    bootIntercom(setup);
    return () => shutdownIntercom();
  }, [setup]);
  return null;
}

/** A chat's messages, oldest first, kept at the newest; shared by the member's panel and the staff desk. */
export function ChatLog({
  messages,
  mineIsSupport,
  label,
  welcome,
  youAreMine = true,
}: {
  messages: help.ChatMessage[];
  mineIsSupport: boolean;
  label: string;
  welcome?: string;
  /** The reader's own side reads 'You' (the member); staff read each admin's name. */
  youAreMine?: boolean;
}) {
  const logRef = useRef<HTMLOListElement>(null);
  const newest = messages.at(-1)?.id;
  useLayoutEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [newest]);
  return (
    <ol ref={logRef} className="mq-chat__log" aria-label={label} aria-live="polite" tabIndex={0}>
      {welcome && (
        <li className="mq-chat__msg is-theirs">
          <span className="mq-chat__who">Marquee Support</span>
          <div className="mq-chat__bubble">{welcome}</div>
        </li>
      )}
      {messages.map((m) => {
        const mine = m.from_support === mineIsSupport;
        return (
          <li key={m.id} className={`mq-chat__msg ${mine ? 'is-mine' : 'is-theirs'}`}>
            <span className="mq-chat__who">{mine && youAreMine ? 'You' : m.name}</span>
            <LinksOnly html={m.content} className="mq-chat__bubble" />
            <span className="mq-chat__ago">{m.ago}</span>
          </li>
        );
      })}
    </ol>
  );
}

/** The box under a chat: Enter sends, Shift+Enter starts a new line. */
export function ChatComposer({
  label,
  send,
  onSent,
}: {
  label: string;
  send: (message: string) => Promise<{ sent: help.ChatMessage }>;
  onSent: (sent: help.ChatMessage) => void;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const post = useMutation({
    mutationFn: send,
    meta: { quiet: true },
    onSuccess: (answer) => {
      setText('');
      onSent(answer.sent);
    },
    onError: showError,
  });
  const length = text.trim().length;
  const ready = length >= 1 && length <= help.CHAT_MAX && !post.isPending;
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (ready) post.mutate(text.trim());
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };
  return (
    <form className="mq-chat__compose" onSubmit={submit}>
      <label htmlFor={`${id}-text`} className="visually-hidden">
        {label}
      </label>
      <textarea
        id={`${id}-text`}
        className="form-control"
        rows={2}
        placeholder="Write a message…"
        value={text}
        maxLength={help.CHAT_MAX}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <button type="submit" className="btn btn-primary" disabled={!ready}>
        {post.isPending ? 'Sending…' : 'Send'}
      </button>
    </form>
  );
}

/** Marquee's own chat: a launcher at the corner, and the conversation with support while it is open. */
function MarqueeChat({ name }: { name: string }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const launcherRef = useRef<HTMLButtonElement>(null);
  const chat = useQuery(chatQuery(queryClient, memberChatKey, fetchMyChat, open));

  const close = () => {
    setOpen(false);
    launcherRef.current?.focus();
  };
  const onSent = (sent: help.ChatMessage) =>
    queryClient.setQueryData<help.ChatMessage[]>(memberChatKey, (held) =>
      held?.some((m) => m.id === sent.id) ? held : [...(held ?? []), sent],
    );

  return (
    <div className="mq-chat">
      {open && (
        <section
          id={`${id}-panel`}
          className="mq-chat__panel card"
          aria-labelledby={`${id}-title`}
          onKeyDown={(event) => {
            if (event.key === 'Escape') close();
          }}
        >
          <header className="mq-chat__head">
            <div>
              <h2 id={`${id}-title`} className="mq-chat__title">
                Live chat
              </h2>
              <p className="mq-chat__sub">Chatting with Marquee Support as {name}</p>
            </div>
            <button
              type="button"
              className="btn-close btn-close-white"
              aria-label="Close the chat"
              onClick={close}
            />
          </header>
          {chat.isPending ? (
            <div className="mq-chat__state" role="status">
              <span className="spinner-border spinner-border-sm text-primary" aria-hidden="true" /> Opening
              the chat…
            </div>
          ) : chat.isError ? (
            <div className="mq-chat__state" role="alert">
              <p className="mb-2">We could not open the chat.</p>
              <button
                type="button"
                className="btn btn-sm btn-outline-primary"
                onClick={() => void chat.refetch()}
              >
                Try again
              </button>
            </div>
          ) : (
            <ChatLog
              messages={chat.data}
              mineIsSupport={false}
              label="Messages with Marquee Support"
              welcome={help.CHAT_WELCOME}
            />
          )}
          <ChatComposer label="Message to Marquee Support" send={sendChat} onSent={onSent} />
        </section>
      )}
      <button
        ref={launcherRef}
        type="button"
        className="mq-chat__launcher btn btn-accent"
        aria-expanded={open}
        aria-controls={open ? `${id}-panel` : undefined}
        onClick={() => (open ? close() : setOpen(true))}
      >
        <ChatIcon /> {open ? 'Hide the chat' : 'Chat with support'}
      </button>
    </div>
  );
}

function ChatIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18" fill="currentColor">
      <path d="M4 4h16a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2H9l-5 4v-4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2z" />
    </svg>
  );
}
