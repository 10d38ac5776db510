import type { help } from '@marquee/contract';
import type { Db } from '../platform/db/database.js';
import { HOUR_MS, MINUTE_MS } from '../platform/time.js';
import { alerts } from '../features/alerts/alerts.tables.js';
import { SUPPORT_ACCOUNT_ID } from '../features/points/ledger.js';
import {
  chatConversations,
  chatMessages,
  helpMessages,
  helpRequests,
  helpStatusChanges,
} from '../features/help/help.tables.js';

// Demo members by their place in demo-data.ts's PEOPLE (ids[i]).
const ADMIN = 0;
const MAYA = 1; // demo-free
const JONAH = 2; // demo-premium
const PRIYA = 3; // demo-pro
const THEO = 4; // demo-managed
const LENA = 5;
const MARCUS = 6;
const SOFIA = 7;

/** A message: who wrote it (a member's place, or 'support' for the admin answering), the text, hours ago. */
type Said = [who: number | 'support', text: string, hoursAgo: number];

/** Help requests (H1-H8): the member, the subject, the messages, and the status they end in. */
const REQUESTS: [member: number, subject: string, messages: Said[], closed?: boolean][] = [
  [
    MAYA,
    'My IMDb answer was marked wrong',
    [
      [
        MAYA,
        'I answered 96 for the running time of a title listing and it said Whoops. The page says 1h 36m. Was I wrong?',
        3,
      ],
      [MAYA, 'It was the listing for www.imdb.com/title/tt9100007/ if that helps.', 2.5],
    ],
  ],
  [
    JONAH,
    'Can I change my username?',
    [
      [JONAH, 'I picked my username in a hurry. Is there a way to change it without losing my points?', 28],
      [
        'support',
        'Yes: open your Account page, choose Update beside Username and Password, and type the new one. Your points, listings and history stay exactly as they are.',
        26,
      ],
    ],
  ],
  [
    PRIYA,
    'The Pro extension will not pair',
    [
      [PRIYA, 'The extension keeps saying "not paired" after I sign in. I am on Chrome 131.', 75],
      [
        'support',
        'Thanks for the details! Open /v5/pro/?welcome=yes while signed in to Marquee in the same browser; the extension pairs with that tab. Let us know if it still refuses.',
        72,
      ],
      [PRIYA, 'That did it, it is earning again. Thank you!', 70],
    ],
    true,
  ],
  [
    THEO,
    'Rank history missing last week',
    [
      [THEO, 'My Managed Rank history has no entry for last week. Is the weekly reading late?', 50],
      [
        'support',
        'The weekly STARmeter reading could not reach IMDb on Monday and ran again on Tuesday; the entry is there now. Sorry for the wait!',
        30,
      ],
    ],
  ],
  [
    LENA,
    'Charged twice for a sponsored package',
    [
      [
        LENA,
        'My card shows two charges of $8.00 for 100 sponsored follows on March 2. Can one be refunded?',
        30,
      ],
    ],
  ],
  [
    MARCUS,
    'How do I add a Facebook page?',
    [
      [MARCUS, 'Where do I add my Facebook page as a listing?', 200],
      [
        'support',
        'On your dashboard, open My Listings and choose Add Listing, then Facebook Like and paste the page address.',
        190,
      ],
    ],
    true,
  ],
];

/** Live chats (H10): the member's place and the messages, oldest first. */
const CHATS: [member: number, messages: Said[]][] = [
  [
    MAYA,
    [
      [MAYA, 'Hi! Does my daily action count start again at midnight?', 5],
      ['support', 'Hi Maya! Yes, at midnight Pacific time. Free members have 20 a day.', 4.9],
      [MAYA, 'Great, thanks!', 4.8],
      ['support', 'You are welcome! Happy earning.', 4.7],
    ],
  ],
  [SOFIA, [[SOFIA, 'Hello, quick question: do referral points expire?', 0.3]]],
];

/**
 * The help desk of the demo: open, answered and closed requests between demo members and the
 * support team (answered by the demo admin as the support account, H5), each status change kept,
 * an unseen alert for each answered request still open, and two live chats, one waiting. The FAQs
 * come with the migration that made their table (H7).
 */
export async function seedDemoHelp(tx: Db, ids: number[], now: number): Promise<void> {
  const admin = ids[ADMIN] as number;
  const at = (hoursAgo: number) => new Date(now - hoursAgo * HOUR_MS);
  for (const [who, subject, said, closed] of REQUESTS) {
    const member = ids[who] as number;
    const opened = at(said[0]?.[2] ?? 1);
    const last = said.at(-1) as Said;
    const lastFromSupport = last[0] === 'support';
    const status: help.HelpStatus = closed ? 'Closed' : lastFromSupport ? 'Awaiting Response' : 'Pending';
    const closedAt = new Date(at(last[2]).getTime() + 30 * MINUTE_MS);
    const [row] = await tx
      .insert(helpRequests)
      .values({
        userId: member,
        subject,
        status,
        createdAt: opened,
        updatedAt: closed ? closedAt : at(last[2]),
      })
      .returning({ id: helpRequests.id });
    const requestId = (row as { id: number }).id;
    await tx.insert(helpMessages).values(
      said.map(([author, body, hoursAgo]) => ({
        requestId,
        authorId: author === 'support' ? SUPPORT_ACCOUNT_ID : member,
        staffId: author === 'support' ? admin : null,
        body,
        image: null,
        createdAt: at(hoursAgo),
      })),
    );
    // Each change the messages made (H4), then the closing.
    const changes: (typeof helpStatusChanges.$inferInsert)[] = [
      { requestId, changedBy: member, fromStatus: null, toStatus: 'Pending', reason: 'opened', at: opened },
    ];
    let current: help.HelpStatus = 'Pending';
    for (const [author, , hoursAgo] of said.slice(1)) {
      const next: help.HelpStatus = author === 'support' ? 'Awaiting Response' : 'Pending';
      if (next === current) continue;
      changes.push({
        requestId,
        changedBy: author === 'support' ? admin : member,
        fromStatus: current,
        toStatus: next,
        reason: author === 'support' ? 'staff reply' : 'member reply',
        at: at(hoursAgo),
      });
      current = next;
    }
    if (closed) {
      changes.push({
        requestId,
        changedBy: member,
        fromStatus: current,
        toStatus: 'Closed',
        reason: 'member closed',
        at: closedAt,
      });
    }
    await tx.insert(helpStatusChanges).values(changes);
    if (status === 'Awaiting Response') {
      await tx.insert(alerts).values({
        userId: member,
        actorId: null,
        kind: 'help reply',
        content: `Marquee Support replied to your help request: ${subject}`,
        link: `/help/${requestId}`,
        createdAt: at(last[2]),
      });
    }
  }

  for (const [who, said] of CHATS) {
    const member = ids[who] as number;
    let lastId = 0;
    for (const [author, body, hoursAgo] of said) {
      const [row] = await tx
        .insert(chatMessages)
        .values({
          memberId: member,
          fromSupport: author === 'support',
          staffId: author === 'support' ? admin : null,
          body,
          createdAt: at(hoursAgo),
        })
        .returning({ id: chatMessages.id });
      lastId = (row as { id: number }).id;
    }
    const last = said.at(-1) as Said;
    await tx.insert(chatConversations).values({
      memberId: member,
      lastMessageId: lastId,
      lastAt: at(last[2]),
      waiting: last[0] !== 'support',
    });
  }
}
