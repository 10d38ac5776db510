import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { badgeCountsQuery, alertListQueryKey } from '../features/alerts/api';
import { messagesKey, threadKey } from '../features/messages/api';
import { refreshItem } from '../features/news/api';
import { helpKey, staffChatsQuery } from '../features/help/api';
import { connectLive, type LiveEvent } from './live';
import { readToken } from './storage';
import { useSession } from './session';

/** What each event makes the page read again (LV7); only what is on screen is fetched at once. */
function apply(client: QueryClient, event: LiveEvent) {
  const again = (queryKey: readonly unknown[]) => void client.invalidateQueries({ queryKey });
  switch (event.kind) {
    case 'messages':
      again(badgeCountsQuery.queryKey);
      again([...messagesKey, 'recent']);
      if (event.ref !== undefined) again(threadKey(event.ref));
      break;
    case 'alerts':
      again(badgeCountsQuery.queryKey);
      again(alertListQueryKey);
      break;
    case 'news':
      if (event.ref !== undefined) refreshItem(client, event.ref);
      break;
    case 'help':
      again(helpKey);
      break;
    case 'chat':
      again([...helpKey, 'chat']);
      again(staffChatsQuery.queryKey);
      break;
    case 'resync':
      everything(client);
      break;
  }
}

/** After the stream opens or drops, whatever may have been missed is read again. */
function everything(client: QueryClient) {
  for (const queryKey of [badgeCountsQuery.queryKey, alertListQueryKey, messagesKey, helpKey])
    void client.invalidateQueries({ queryKey });
}

/**
 * The signed-in member's live updates (docs/domain.md LV1-LV8), one stream per tab; a new one for
 * another session (staff using a member's account and back).
 */
export function LiveUpdates() {
  const client = useQueryClient();
  const { user, usingAs } = useSession();
  const userId = user?.id;
  useEffect(() => {
    const token = readToken();
    if (!userId || !token) return;
    return connectLive(token, {
      onEvent: (event) => apply(client, event),
      onChange: () => everything(client),
    });
  }, [client, userId, usingAs]);
  return null;
}
