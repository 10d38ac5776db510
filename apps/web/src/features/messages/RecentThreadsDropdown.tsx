import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Dropdown from 'react-bootstrap/Dropdown';
import { Avatar } from '../../ui/Avatar';
import { Badge } from '../../ui/Badge';
import { EnvelopeIcon } from '../../ui/icons';
import { recentThreadsQuery } from './api';
import { emptyThreadsText } from './ConversationList';

/** The top bar's message dropdown (spec 1 §2): up to 6 recent conversations, fetched when it opens. */
export function RecentThreadsDropdown({ unread }: { unread: number }) {
  const [open, setOpen] = useState(false);
  const threads = useQuery({ ...recentThreadsQuery, enabled: open });

  return (
    <Dropdown align="end" show={open} onToggle={(next) => setOpen(next)}>
      <Dropdown.Toggle
        as="button"
        type="button"
        bsPrefix="mq-icon-btn"
        aria-label="Messages"
        aria-describedby={unread > 0 ? 'mq-unread-messages' : undefined}
      >
        <EnvelopeIcon />
        {unread > 0 && (
          <Badge
            id="mq-unread-messages"
            count={unread}
            label={unread === 1 ? 'unread message' : 'unread messages'}
          />
        )}
      </Dropdown.Toggle>
      <Dropdown.Menu className="mq-dropdown-panel shadow">
        <div className="mq-dropdown-panel__head">Recent conversations</div>
        <div className="mq-dropdown-panel__body">
          {threads.isPending && open && (
            <p className="mq-dropdown-panel__note" role="status">
              Loading your conversations…
            </p>
          )}
          {threads.isError && (
            <p className="mq-dropdown-panel__note" role="alert">
              There was an issue retrieving your recent conversations...
            </p>
          )}
          {threads.data?.threads.length === 0 && (
            <p className="mq-dropdown-panel__note">{emptyThreadsText(threads.data.canStart)}</p>
          )}
          {threads.data?.threads.map((thread) => {
            const name = `${thread.other_first} ${thread.other_last}`;
            const isUnread = thread.unread === 'yes';
            return (
              <Dropdown.Item
                key={thread.other_id}
                as={Link}
                to={`/messages/${thread.other_id}`}
                className={isUnread ? 'mq-unread' : undefined}
              >
                <Avatar src={thread.other_avatar} size={40} alt="" />
                <span className="d-block flex-grow-1">
                  <span className="d-flex justify-content-between gap-2">
                    <strong className="text-truncate">{name}</strong>
                    <small className="text-body-secondary text-nowrap">{thread.ago}</small>
                  </span>
                  <span className="d-block small text-body-secondary mq-clamp-2">
                    {isUnread && <span className="visually-hidden">Unread: </span>}
                    {thread.message}
                  </span>
                </span>
              </Dropdown.Item>
            );
          })}
        </div>
        <Link className="mq-dropdown-panel__foot" to="/messages" onClick={() => setOpen(false)}>
          See all messages
        </Link>
      </Dropdown.Menu>
    </Dropdown>
  );
}
