import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Container from 'react-bootstrap/Container';
import { useCurrentUser } from '../../app/session';
import { EnvelopeIcon } from '../../ui/icons';
import { usePageTitle } from '../../ui/usePageTitle';
import { conversationsQuery } from './api';
import { ConversationList } from './ConversationList';
import { ConversationThread } from './ConversationThread';
import { StartConversation } from './StartConversation';

/** The conversation shown, when the address names a member: ids above 999 only (spec 2 §2, D2.1). */
function memberIdOf(uid: string | undefined): number | null {
  if (!uid || !/^\d{1,10}$/.test(uid)) return null;
  const id = Number(uid);
  return id > 999 && id <= 2_147_483_647 ? id : null;
}

/**
 * /messages and /messages/{userId} (spec 2 §2): the recent conversations with a member search
 * beside the conversation. On a phone (under 576 px) one pane at a time: the list, or the
 * conversation with a link back.
 */
export default function MessagesPage() {
  const { uid } = useParams();
  const me = useCurrentUser();
  const otherId = memberIdOf(uid);
  const list = useQuery(conversationsQuery);
  usePageTitle('Messages');

  return (
    <Container fluid="xl" className="mq-msg-page">
      <header className="mq-page-head">
        <h1>Messages</h1>
      </header>
      <div className={`mq-msg${uid ? ' is-thread-open' : ''}`}>
        <section className="mq-msg__side card" aria-labelledby="mq-msg-list-title">
          <h2 id="mq-msg-list-title" className="mq-msg__title">
            Recent conversations
          </h2>
          {list.data && <StartConversation canStart={list.data.canStart} />}
          <ConversationList list={list} currentId={otherId} />
        </section>
        <section className="mq-msg__main card" aria-label="Conversation">
          {otherId ? (
            <ConversationThread key={otherId} userId={otherId} meId={me.id} />
          ) : uid ? (
            <div className="mq-msg-thread__state" role="alert">
              <p className="mb-2">Messages can only be exchanged with members.</p>
              <Link to="/messages">Back to your conversations</Link>
            </div>
          ) : (
            <div className="mq-msg-thread__state mq-msg-thread__state--pick">
              <span className="mq-msg-thread__mark" aria-hidden="true">
                <EnvelopeIcon />
              </span>
              <p className="mb-0">
                {list.data?.canStart === false
                  ? 'Choose a conversation to read it and reply.'
                  : 'Choose a conversation, or find a member to start a new one.'}
              </p>
            </div>
          )}
        </section>
      </div>
    </Container>
  );
}
