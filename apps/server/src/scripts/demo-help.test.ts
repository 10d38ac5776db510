import { describe, expect, it } from 'vitest';
import { help, login } from '@marquee/contract';
import { useTestApp } from '../../test/test-app.js';
import { DEMO_PASSWORD, seedDemo } from './demo-data.js';

const t = useTestApp({ ownDatabase: true });

const signIn = async (username: string) =>
  (await t.call(login.checkCredentials, { username, password: DEMO_PASSWORD })).body.token;

describe('the demo help desk (seed:demo)', () => {
  it('gives demo members open, answered and closed requests, staff a desk to answer and chats', async () => {
    expect(await seedDemo(t.db, t.clock)).toBe(true);
    const free = await signIn('demo-free');
    const premium = await signIn('demo-premium');
    const pro = await signIn('demo-pro');
    const admin = await signIn('admin');

    const mayas = (await t.call(help.fetchOpenRequests, {}, free)).body.openRequests;
    expect(mayas.map((r) => r.status)).toEqual(['Pending']);
    const jonahs = (await t.call(help.fetchOpenRequests, {}, premium)).body.openRequests;
    expect(jonahs[0]?.status_label).toBe('Awaiting Your Response');
    const priyas = (await t.call(help.fetchClosedRequests, {}, pro)).body.closedRequests;
    expect(priyas).toHaveLength(1);
    const thread = await t.call(help.fetchRequestThread, { thread_id: priyas[0]?.id as number }, pro);
    expect(thread.body.messages.map((m) => m.from_support)).toEqual([false, true, false]);

    const desk = await t.call(help.fetchHelpRequests, { filter: 'all' }, admin);
    expect(desk.body.counts).toEqual({ Pending: 2, 'Awaiting Response': 2, Closed: 2 });
    const pending = await t.call(help.fetchHelpRequests, {}, admin);
    expect(pending.body.requests[0]?.overdue).toBe(true);

    const chats = (await t.call(help.fetchChats, {}, admin)).body.chats;
    expect(chats.map((c) => c.waiting)).toEqual([true, false]);
    expect((await t.call(help.fetchChat, {}, free)).body.messages).toHaveLength(4);
  });
});
