import { Link, useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { help } from '@marquee/contract';
import {
  answerChat,
  chatQuery,
  fetchStaffChat,
  staffChatKey,
  staffChatMemberQuery,
  staffChatsQuery,
} from './api';
import { ChatComposer, ChatLog } from './ChatPanel';

const memberIdOf = (value: string | null): number | null =>
  value && /^\d{1,10}$/.test(value) && Number(value) >= 1000 && Number(value) <= 2_147_483_647
    ? Number(value)
    : null;

/**
 * The live chats on the staff desk (docs/domain.md H10, H11): the latest chats, those waiting for an
 * answer marked, beside the one opened; both asked again every few seconds.
 */
export function StaffChats() {
  const [search] = useSearchParams();
  const memberId = memberIdOf(search.get('chat'));
  const chats = useQuery(staffChatsQuery);
  return (
    <div className="mq-staff-chat">
      <section className="card mq-staff-chat__list" aria-labelledby="mq-staff-chats">
        <h2 id="mq-staff-chats" className="mq-help-card__title">
          Live chats
        </h2>
        {chats.isPending ? (
          <p className="mq-help-note" role="status">
            Loading…
          </p>
        ) : chats.isError ? (
          <p className="mq-help-note" role="alert">
            {chats.error.message}
          </p>
        ) : chats.data.chats.length === 0 ? (
          <p className="mq-help-note">{help.EMPTY_CHATS}</p>
        ) : (
          <ul className="mq-staff-chat__items">
            {chats.data.chats.map((c) => (
              <li key={c.user_id}>
                <Link
                  to={`/admin/help?view=chat&chat=${c.user_id}`}
                  className={`mq-staff-chat__item${c.user_id === memberId ? ' is-current' : ''}`}
                  aria-current={c.user_id === memberId ? 'true' : undefined}
                >
                  <span className="mq-staff-chat__top">
                    <span className="mq-staff-chat__name">
                      {c.first} {c.last}
                    </span>
                    <span className="mq-staff-chat__ago">{c.ago}</span>
                  </span>
                  <span className="mq-staff-chat__preview">{c.last_message}</span>
                  {c.waiting && <span className="mq-help-status is-pending">Waiting for an answer</span>}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="card mq-staff-chat__open" aria-label="Chat">
        {memberId ? (
          <OpenChat key={memberId} memberId={memberId} />
        ) : (
          <p className="mq-help-note">Choose a chat to read it and answer.</p>
        )}
      </section>
    </div>
  );
}

function OpenChat({ memberId }: { memberId: number }) {
  const queryClient = useQueryClient();
  const key = staffChatKey(memberId);
  const member = useQuery(staffChatMemberQuery(memberId));
  const chat = useQuery(chatQuery(queryClient, key, fetchStaffChat(memberId), true));
  const who = member.data ? `${member.data.member.first} ${member.data.member.last}` : 'the member';
  const onSent = (sent: help.ChatMessage) => {
    queryClient.setQueryData<help.ChatMessage[]>(key, (held) =>
      held?.some((m) => m.id === sent.id) ? held : [...(held ?? []), sent],
    );
    void queryClient.invalidateQueries({ queryKey: staffChatsQuery.queryKey });
  };
  if (member.isError || chat.isError) {
    return (
      <p className="mq-help-note" role="alert">
        {(member.error ?? chat.error)?.message}
      </p>
    );
  }
  return (
    <>
      <header className="mq-staff-chat__head">
        <h2 className="mq-help-card__title mb-0">Chat with {who}</h2>
        {member.data && (
          <Link to={`/admin/users/${memberId}`} className="small">
            Member page ({member.data.member.email})
          </Link>
        )}
      </header>
      {chat.data ? (
        <ChatLog messages={chat.data} mineIsSupport youAreMine={false} label={`Messages with ${who}`} />
      ) : (
        <p className="mq-help-note" role="status">
          Loading…
        </p>
      )}
      <ChatComposer
        label={`Answer ${who} as Marquee Support`}
        send={(message) => answerChat(memberId, message)}
        onSent={onSent}
      />
    </>
  );
}
