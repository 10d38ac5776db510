import { describe, expect, it } from 'vitest';
import { help } from '@marquee/contract';
import { useTestApp } from '../../../test/test-app.js';
import { buildMember } from '../../../test/factories.js';
import { openRequest, staff } from './help.test-support.js';

const t = useTestApp();

describe('help/submitHelpRequest (spec 3 §5, §7)', () => {
  it('opens a Pending request with the description as its first message', async () => {
    const m = await buildMember(t.db, t.clock);
    const answer = await t.call(
      help.submitHelpRequest,
      { subject: '  Points missing  ', content: 'I earned 20 points yesterday and they are gone.' },
      m.token,
    );
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toMatchObject({ status: 'success', message: help.REQUEST_SENT });
    const thread = await t.call(help.fetchRequestThread, { thread_id: answer.body.thread_id }, m.token);
    expect(thread.body.subject).toBe('Points missing');
    expect(thread.body.request).toMatchObject({ status: 'Pending', status_label: 'Pending' });
    expect(thread.body.request.date_opened).toBe('March 10, 2026');
    expect(thread.body.messages).toHaveLength(1);
    expect(thread.body.messages[0]).toMatchObject({
      user_id: m.id,
      first: 'Test',
      content: 'I earned 20 points yesterday and they are gone.',
      ago: 'just now',
      from_support: false,
      image: null,
    });
    expect(thread.body).toMatchObject({ staff: false, canClose: true, member: { id: m.id } });
  });

  it.each([
    ['a subject of 3 characters', { subject: 'abc', content: 'A full description' }],
    ['a subject of 51 characters', { subject: 'x'.repeat(51), content: 'A full description' }],
    ['a description of 5 characters', { subject: 'Help me', content: 'short' }],
    ['spaces only', { subject: '      ', content: '         ' }],
    ['no subject', { content: 'A full description' }],
    ['no description', { subject: 'Help me' }],
    ['a number as subject', { subject: 12345, content: 'A full description' }],
  ])("refuses %s with the spec's message", async (_, input) => {
    const m = await buildMember(t.db, t.clock);
    const answer = await t.call(help.submitHelpRequest, input, m.token);
    expect(answer.statusCode).toBe(400);
    expect(answer.body.message).toBe(
      'Please be sure to include a Subject and full Description of your issue.',
    );
    expect((await t.call(help.fetchOpenRequests, {}, m.token)).body.openRequests).toEqual([]);
  });

  it('takes a subject of exactly 4 and of exactly 50 characters, and a description of 6', async () => {
    const m = await buildMember(t.db, t.clock);
    for (const subject of ['abcd', 'y'.repeat(50)]) {
      const answer = await t.call(help.submitHelpRequest, { subject, content: 'sixsix' }, m.token);
      expect(answer.statusCode).toBe(200);
    }
  });

  it('refuses a description over 2,000 characters (H2)', async () => {
    const m = await buildMember(t.db, t.clock);
    const answer = await t.call(
      help.submitHelpRequest,
      { subject: 'Long one', content: 'x'.repeat(2001) },
      m.token,
    );
    expect(answer.statusCode).toBe(400);
    expect(answer.body.message).toBe(help.DESCRIPTION_TOO_LONG);
  });

  it('answers logged_out to a visitor (B1)', async () => {
    const answer = await t.call(help.submitHelpRequest, { subject: 'Hello there', content: 'Hello there' });
    expect(answer.statusCode).toBe(401);
    expect(answer.body.extra).toBe('logged_out');
  });

  it('opens at most 5 requests an hour per member (H6), with the wait in the message', async () => {
    const m = await buildMember(t.db, t.clock);
    for (let i = 0; i < 5; i++) await openRequest(t, m);
    const sixth = await t.call(
      help.submitHelpRequest,
      { subject: 'One more', content: 'Another question' },
      m.token,
    );
    expect(sixth.statusCode).toBe(429);
    expect(sixth.body.message).toMatch(/^You have opened 5 help requests recently\. Please wait 60 minutes/);
    expect(sixth.response.headers['retry-after']).toBe('3600');
    expect((await t.call(help.fetchOpenRequests, {}, m.token)).body.openRequests).toHaveLength(5);
  });

  it('opens exactly 5 of a burst of 12 simultaneous requests (H6, L2)', async () => {
    const m = await buildMember(t.db, t.clock);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        t.call(help.submitHelpRequest, { subject: `Burst ${i}`, content: 'Burst description' }, m.token),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(5);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(7);
    expect((await t.call(help.fetchOpenRequests, {}, m.token)).body.openRequests).toHaveLength(5);
  });
});

describe('help/fetchOpenRequests and help/fetchClosedRequests (spec 3 §2)', () => {
  it("lists the member's own requests, open and closed apart, newest first", async () => {
    const m = await buildMember(t.db, t.clock);
    const other = await buildMember(t.db, t.clock);
    const first = await openRequest(t, m, 'First question');
    t.clock.advance(60_000);
    const second = await openRequest(t, m, 'Second question');
    t.clock.advance(60_000);
    const closed = await openRequest(t, m, 'Solved question');
    await openRequest(t, other, 'Not mine');
    await t.call(help.closeHelpRequest, { thread_id: closed }, m.token);

    const open = (await t.call(help.fetchOpenRequests, {}, m.token)).body.openRequests;
    expect(open.map((r) => r.id)).toEqual([second, first]);
    expect(open[0]).toMatchObject({ subject: 'Second question', status: 'Pending', ago: '1 minute ago' });
    expect(open[1]?.ago).toBe('2 minutes ago');
    const done = (await t.call(help.fetchClosedRequests, {}, m.token)).body.closedRequests;
    expect(done.map((r) => r.id)).toEqual([closed]);
    expect(done[0]).toMatchObject({ status: 'Closed', status_label: 'Closed' });
  });

  it('answers an empty list to a member with no requests', async () => {
    const m = await buildMember(t.db, t.clock);
    expect((await t.call(help.fetchOpenRequests, {}, m.token)).body).toEqual({
      status: 'success',
      openRequests: [],
    });
    expect((await t.call(help.fetchClosedRequests, {}, m.token)).body.closedRequests).toEqual([]);
  });

  it('answers logged_out to a visitor', async () => {
    expect((await t.call(help.fetchOpenRequests, {})).statusCode).toBe(401);
    expect((await t.call(help.fetchClosedRequests, {})).statusCode).toBe(401);
  });
});

describe('help/fetchRequestThread (H3)', () => {
  it('shows another member no such request, whatever its id', async () => {
    const m = await buildMember(t.db, t.clock);
    const other = await buildMember(t.db, t.clock);
    const id = await openRequest(t, m);
    for (const thread_id of [id, 2_000_000_000]) {
      const answer = await t.call(help.fetchRequestThread, { thread_id }, other.token);
      expect(answer.statusCode).toBe(404);
      expect(answer.body.message).toBe(help.NO_SUCH_REQUEST);
    }
  });

  it('shows staff any request, in admin context (spec 3 §6)', async () => {
    const m = await buildMember(t.db, t.clock);
    const admin = await staff(t);
    const id = await openRequest(t, m);
    const answer = await t.call(help.fetchRequestThread, { thread_id: id }, admin.token);
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toMatchObject({ staff: true, canClose: true, member: { id: m.id, first: 'Test' } });
  });

  it("shows an admin their own request as a member's", async () => {
    const admin = await staff(t);
    const id = await openRequest(t, admin);
    const answer = await t.call(help.fetchRequestThread, { thread_id: id }, admin.token);
    expect(answer.body.staff).toBe(false);
  });

  it('refuses a bad id with a readable message (B4) and a visitor with logged_out (B1)', async () => {
    const m = await buildMember(t.db, t.clock);
    for (const thread_id of ['abc', 0, -1, '1e3', 2_147_483_648]) {
      const answer = await t.call(help.fetchRequestThread, { thread_id }, m.token);
      expect(answer.statusCode).toBe(400);
      expect(answer.body.message).toBe('Please give a valid help request.');
    }
    expect((await t.call(help.fetchRequestThread, { thread_id: 1 })).statusCode).toBe(401);
  });

  it('renders member text links-only (D8.1): markup is text, addresses are links', async () => {
    const m = await buildMember(t.db, t.clock);
    const id = await openRequest(
      t,
      m,
      '<b>Bold</b> subject',
      '<script>alert(1)</script> see https://example.com/page',
    );
    const answer = await t.call(help.fetchRequestThread, { thread_id: id }, m.token);
    expect(answer.body.subject).toBe('<b>Bold</b> subject');
    expect(answer.body.messages[0]?.content).toBe(
      '&lt;script&gt;alert(1)&lt;/script&gt; see <a href="https://example.com/page" target="_blank" rel="noopener noreferrer nofollow">https://example.com/page</a>',
    );
  });
});

describe('help/closeHelpRequest (D12.4)', () => {
  it('lets the member close their own request, once', async () => {
    const m = await buildMember(t.db, t.clock);
    const id = await openRequest(t, m);
    const answer = await t.call(help.closeHelpRequest, { thread_id: id }, m.token);
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toMatchObject({ message: help.REQUEST_CLOSED, request: { status: 'Closed' } });
    const again = await t.call(help.closeHelpRequest, { thread_id: id }, m.token);
    expect(again.body.request.status).toBe('Closed');
    const thread = await t.call(help.fetchRequestThread, { thread_id: id }, m.token);
    expect(thread.body.canClose).toBe(false);
  });

  it("does not let another member close someone's request", async () => {
    const m = await buildMember(t.db, t.clock);
    const other = await buildMember(t.db, t.clock);
    const id = await openRequest(t, m);
    const answer = await t.call(help.closeHelpRequest, { thread_id: id }, other.token);
    expect(answer.statusCode).toBe(404);
    const thread = await t.call(help.fetchRequestThread, { thread_id: id }, m.token);
    expect(thread.body.request.status).toBe('Pending');
  });

  it('lets staff close any request', async () => {
    const m = await buildMember(t.db, t.clock);
    const admin = await staff(t);
    const id = await openRequest(t, m);
    const answer = await t.call(help.closeHelpRequest, { thread_id: id }, admin.token);
    expect(answer.body.request.status).toBe('Closed');
  });

  it('answers logged_out to a visitor', async () => {
    expect((await t.call(help.closeHelpRequest, { thread_id: 1 })).statusCode).toBe(401);
  });
});

describe('help/fetchFaqs (H7)', () => {
  it("answers the operator's FAQs in order, the reply promise among them", async () => {
    const m = await buildMember(t.db, t.clock);
    const answer = await t.call(help.fetchFaqs, {}, m.token);
    expect(answer.statusCode).toBe(200);
    expect(answer.body.faqs.length).toBeGreaterThanOrEqual(5);
    expect(answer.body.faqs[0]?.question).toBe('How do I earn points?');
    expect(answer.body.faqs.some((f) => f.answer.includes('within 24 hours'))).toBe(true);
    expect((await t.call(help.fetchFaqs, {})).statusCode).toBe(401);
  });
});
