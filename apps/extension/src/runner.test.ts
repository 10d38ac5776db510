import { describe, expect, it } from 'vitest';
import type { earn } from '@marquee/contract';
import { proExtension } from '@marquee/contract';
import { MarqueeRefusal, MarqueeUnreachable, type CreditOutcome, type MarqueeApi } from './api.ts';
import { PageUnavailable, Runner, type PagePort, type RunProgress } from './runner.ts';
import type { Ask, ReadOutcome } from './reader/imdb-reader.ts';

const { PRO_EXTENSION } = proExtension;
const SITE = 'http://marquee.test';

function listing(id: number, overrides: Partial<earn.EarnListing> = {}): earn.EarnListing {
  return {
    id,
    type: 'imdb-view',
    platform: 'imdb',
    name: `Listing ${id}`,
    first: 'Owner',
    last: `${id}`,
    user_id: 2000 + id,
    avatar: null,
    url: `https://www.imdb.com/name/nm${1_000_000 + id}/`,
    open_url: `/sim/imdb/name/nm${1_000_000 + id}/`,
    embed_url: null,
    external_id: `nm${1_000_000 + id}`,
    points: 18,
    sponsored: false,
    sponsored_benefit: false,
    imdb_type: 'person',
    test_cat: 'actor',
    nm_code: null,
    bonus: 0,
    allow_pro_views: false,
    pro_view: false,
    extProOnly: false,
    question: 'How many Actor credits does this page list?',
    expires_in: 900,
    ...overrides,
  };
}

function fetched(
  status: earn.FetchListingsStatus,
  listings: earn.EarnListing[] = [],
): earn.FetchListingsAnswer {
  return {
    status,
    listings,
    message: '',
    extVersionLink: '',
    giveProViewOption: true,
    showMePro: false,
    free_sponsored: false,
    daily_max: 60,
    actions_today: 0,
    oeb: true,
    extension: null,
    potential_fb: 0,
    potential_tw: 0,
  };
}

const credited = (points: number): CreditOutcome => ({
  status: 'success',
  points_earned: points,
  limit_raised: 'no',
  update_listing: 'no',
  message: 'Success! You got credited for that View.',
});

/**
 * A stand-in Marquee that holds the extension to what the real one enforces (D5.1, D11.1): an
 * answer needs Start at least 5 s before, and more than 6 credits in any 60 s are refused with 429.
 * Time is the test's own clock: `sleep` moves it instead of waiting.
 */
function world(opts: { batches: earn.FetchListingsAnswer[]; answers?: Map<number, number> }) {
  let clock = 0;
  const calls: string[] = [];
  const states: string[] = [];
  const starts = new Map<number, number>();
  const creditTimes: number[] = [];
  const refusedForSpeed: number[] = [];
  const batches = [...opts.batches];
  const answers = opts.answers ?? new Map();
  const api: MarqueeApi = {
    async fetchListings() {
      calls.push('fetch');
      return batches.shift() ?? fetched('nolistings');
    },
    async startAction(id) {
      calls.push(`start ${id}`);
      starts.set(id, clock);
    },
    async recordCorrectAnswer(id, answer) {
      calls.push(`answer ${id}=${answer}`);
      const startedAt = starts.get(id);
      if (startedAt === undefined || clock - startedAt < 5_000)
        throw new MarqueeRefusal(
          'That was quicker than anyone can read the page.',
          400,
          'error',
          undefined,
          null,
        );
      if (creditTimes.filter((t) => t > clock - 60_000).length >= 6) {
        refusedForSpeed.push(clock);
        throw new MarqueeRefusal('You are earning too fast.', 429, 'error', undefined, 60);
      }
      const expected = answers.get(id) ?? 12;
      if (Math.abs(answer - expected) > 2)
        return { status: 'incorrect', points_earned: 0, message: 'Checking your answer…', pro_view: false };
      creditTimes.push(clock);
      return credited(18);
    },
    async checkIncorrectAnswer(id, answer, category) {
      calls.push(`check ${id}=${answer} ${category}`);
      return { status: 'other', recently_missed: 1, points_earned: 0, message: 'noted' };
    },
    async hideListing(id) {
      calls.push(`hide ${id}`);
    },
    async reportState(state, reason) {
      states.push(reason ? `${state}:${reason}` : state);
    },
  };
  const reads = new Map<string, ReadOutcome>();
  const pages: PagePort = {
    async readPage(url: string, _ask: Ask) {
      calls.push(`read ${url}`);
      clock += 1_500; // the page loads and is read
      return reads.get(url) ?? { found: true, value: 12, seen: 'Actor 12' };
    },
  };
  const progress: RunProgress[] = [];
  let pauseAt: number | null = null;
  let runner: Runner | null = null;
  const ports = {
    api,
    pages,
    site: SITE,
    now: () => clock,
    random: () => 0.5,
    async sleep(ms: number, signal: AbortSignal) {
      if (pauseAt !== null && clock + ms >= pauseAt) {
        clock = pauseAt;
        runner?.requestPause();
        return;
      }
      if (!signal.aborted) clock += ms;
    },
    onProgress: (p: RunProgress) => progress.push(p),
  };
  return {
    api,
    calls,
    states,
    reads,
    creditTimes,
    refusedForSpeed,
    progress,
    ports,
    starts,
    now: () => clock,
    pauseAt: (ms: number) => {
      pauseAt = ms;
    },
    runner: (r: Runner) => {
      runner = r;
      return r;
    },
  };
}

describe('a run of the extension (D15.1, PX5-PX7)', () => {
  it('views every listing at a person’s pace and stops by itself when the list is done', async () => {
    const w = world({
      batches: [
        fetched(
          'success',
          [1, 2, 3, 4, 5].map((id) => listing(id)),
        ),
        fetched(
          'success',
          [6, 7, 8, 9].map((id) => listing(id)),
        ),
      ],
    });
    const result = await w.runner(new Runner(w.ports)).run();
    expect(result).toMatchObject({
      state: 'stopped',
      reason: 'nolistings',
      views: 9,
      points: 162,
      skipped: 0,
    });
    expect(result.message).toBe(proExtension.STOP_WORDS.nolistings);
    expect(w.states).toEqual(['running', 'stopped:nolistings']);
    // Never refused by Marquee's D11.1: each answer well after its Start, no more than 6 a minute.
    expect(w.refusedForSpeed).toEqual([]);
    for (let i = 1; i < w.creditTimes.length; i += 1) {
      expect((w.creditTimes[i] as number) - (w.creditTimes[i - 1] as number)).toBeGreaterThanOrEqual(
        PRO_EXTENSION.secondsBetweenAnswers * 1000,
      );
    }
    // Each page is opened at the site's own address for it, after Start.
    expect(w.calls.slice(0, 3)).toEqual(['fetch', 'start 1', `read ${SITE}/sim/imdb/name/nm1000001/`]);
    expect(w.calls.filter((c) => c === 'fetch')).toHaveLength(3);
  });

  it('answers no sooner than 6 s after Start', async () => {
    const w = world({ batches: [fetched('success', [listing(1)])] });
    await w.runner(new Runner(w.ports)).run();
    expect(w.creditTimes[0]).toBeGreaterThanOrEqual(
      (w.starts.get(1) as number) + PRO_EXTENSION.answerAfterStartSeconds * 1000,
    );
  });

  it.each([
    ['done', 'done'],
    ['pointsmaxed', 'pointsmaxed'],
  ] as const)('stops by itself when Marquee says %s', async (status, reason) => {
    const w = world({ batches: [fetched(status)] });
    const result = await w.runner(new Runner(w.ports)).run();
    expect(result).toMatchObject({ state: 'stopped', reason, views: 0 });
    expect(w.states).toEqual(['running', `stopped:${reason}`]);
  });

  it('stops when an answer finds the day’s actions used up', async () => {
    const w = world({ batches: [fetched('success', [listing(1), listing(2)])] });
    w.api.recordCorrectAnswer = async () => {
      throw new MarqueeRefusal(
        'You have used all 60 of today’s Daily Actions.',
        409,
        'done',
        undefined,
        null,
      );
    };
    const result = await w.runner(new Runner(w.ports)).run();
    expect(result).toMatchObject({ state: 'stopped', reason: 'done' });
  });

  it('is refused with Marquee’s words once Pro has lapsed, and says so', async () => {
    const w = world({ batches: [] });
    w.api.fetchListings = async () => {
      throw new MarqueeRefusal(proExtension.EXTENSION_MESSAGES.proEnded, 403, 'error', 'not_pro', null);
    };
    const result = await w.runner(new Runner(w.ports)).run();
    expect(result).toMatchObject({
      state: 'refused',
      reason: 'not_pro',
      message: proExtension.EXTENSION_MESSAGES.proEnded,
    });
    expect(w.states).toEqual(['running', 'stopped:not_pro']);
  });

  it('ends the pairing when its session is gone (401)', async () => {
    const w = world({ batches: [] });
    w.api.fetchListings = async () => {
      throw new MarqueeRefusal('Your session has ended.', 401, 'error', 'logged_out', null);
    };
    expect((await w.runner(new Runner(w.ports)).run()).state).toBe('unpaired');
  });

  it('waits out a 429 for the time Marquee names, then answers', async () => {
    const w = world({ batches: [fetched('success', [listing(1)])] });
    const real = w.api.recordCorrectAnswer;
    let refused = false;
    w.api.recordCorrectAnswer = async (...args) => {
      if (!refused) {
        refused = true;
        throw new MarqueeRefusal('Too fast.', 429, 'error', undefined, 30);
      }
      return real(...args);
    };
    const before = w.now();
    const result = await w.runner(new Runner(w.ports)).run();
    expect(result.views).toBe(1);
    expect(w.now() - before).toBeGreaterThanOrEqual(30_000);
  });

  it('leaves a page that shows no number unanswered, hidden for this session', async () => {
    const w = world({ batches: [fetched('success', [listing(1), listing(2)])] });
    w.reads.set(`${SITE}/sim/imdb/name/nm1000001/`, { found: false, why: 'no-number' });
    const result = await w.runner(new Runner(w.ports)).run();
    expect(result).toMatchObject({ views: 1, skipped: 1 });
    expect(w.calls).toContain('hide 1');
    expect(w.calls.some((c) => c.startsWith('answer 1='))).toBe(false);
  });

  it('settles a wrong normal answer through checkIncorrectAnswer, never a pro view’s (D5.3)', async () => {
    const w = world({
      batches: [fetched('success', [listing(1), listing(2, { pro_view: true, allow_pro_views: true })])],
      answers: new Map([
        [1, 40],
        [2, 40],
      ]),
    });
    const result = await w.runner(new Runner(w.ports)).run();
    expect(result).toMatchObject({ views: 0, skipped: 2 });
    expect(w.calls).toContain('check 1=12 actor');
    expect(w.calls.some((c) => c.startsWith('check 2='))).toBe(false);
  });

  it('pauses at its next step when the member asks, and tells Marquee', async () => {
    const w = world({
      batches: [
        fetched(
          'success',
          [1, 2, 3].map((id) => listing(id)),
        ),
      ],
    });
    w.pauseAt(20_000);
    const result = await w.runner(new Runner(w.ports)).run();
    // Answers come at about 7.5 s and 18.5 s; the third would be past the pause at 20 s.
    expect(result).toMatchObject({ state: 'paused', reason: 'paused', views: 2 });
    expect(w.states.at(-1)).toBe('paused:paused');
  });

  it('tries again when Marquee cannot be reached, and stops after the third time', async () => {
    const w = world({ batches: [] });
    let tries = 0;
    w.api.fetchListings = async () => {
      tries += 1;
      throw new MarqueeUnreachable('Marquee could not be reached.');
    };
    const result = await w.runner(new Runner(w.ports)).run();
    expect(tries).toBe(4);
    expect(result).toMatchObject({ state: 'stopped', reason: 'error' });
  });
});

describe('a run the browser cannot carry on (PX7)', () => {
  it('stops, without hiding the listing, when no tab can be opened', async () => {
    const w = world({ batches: [fetched('success', [listing(1)])] });
    w.ports.pages = {
      readPage: async () => {
        throw new PageUnavailable(
          'Stopped: the browser could not open a tab. Open a browser window, then resume.',
        );
      },
    };
    const result = await w.runner(new Runner(w.ports)).run();
    expect(result).toMatchObject({ state: 'stopped', reason: 'error' });
    expect(result.message).toMatch(/could not open a tab/);
    expect(w.calls).not.toContain('hide 1');
    expect(w.states).toEqual(['running', 'stopped:error']);
  });
});
