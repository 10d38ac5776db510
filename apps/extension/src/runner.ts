import type * as earn from '@marquee/contract/earn';
import * as proExtension from '@marquee/contract/pro-extension';
import { MarqueeRefusal, MarqueeUnreachable, type MarqueeApi } from './api.ts';
import { askOf, type Ask, type ReadOutcome } from './reader/imdb-reader.ts';

const { PRO_EXTENSION, STOP_WORDS } = proExtension;
type StopReason = proExtension.StopReason;

/**
 * One run of the extension (D15.1, docs/domain.md PX5-PX7): it asks Marquee for IMDb listings,
 * and for each presses Start, opens the page in a background tab, reads the number the card asks
 * for, and answers, at a person's pace and within D11.1, until the member pauses it or it stops by
 * itself (the list is done, the points are maxed, the day's actions are used up). Marquee's rules
 * decide everything; the pace only keeps the extension from being refused.
 */

/** Where the run is, for the popup (kept by the background in the extension's storage). */
export interface RunProgress {
  state: 'running' | 'paused' | 'stopped' | 'refused' | 'unpaired';
  reason: StopReason | null;
  /** The stop's words, or Marquee's refusal in its own words. */
  message: string;
  /** Views credited and their points, this run. */
  views: number;
  points: number;
  /** Listings whose page showed no number, left to others. */
  skipped: number;
  current: { name: string; step: 'opening' | 'answering' } | null;
  last: { name: string; points: number; at: number } | null;
}

export const idleProgress = (): RunProgress => ({
  state: 'paused',
  reason: null,
  message: '',
  views: 0,
  points: 0,
  skipped: 0,
  current: null,
  last: null,
});

export interface PagePort {
  /** Opens the page in a background tab, reads the number the card asks for once it shows, closes the tab. */
  readPage(url: string, ask: Ask): Promise<ReadOutcome>;
}

export interface RunnerPorts {
  api: MarqueeApi;
  pages: PagePort;
  /** Waits `ms`, or less when `signal` aborts (a pause). */
  sleep(ms: number, signal: AbortSignal): Promise<void>;
  now(): number;
  random(): number;
  /** The site listings' relative addresses (the simulated pages) are read against. */
  site: string;
  onProgress(progress: RunProgress): void;
}

/** The browser could not open a tab for the page: not the page's fault, so nothing is hidden. */
export class PageUnavailable extends Error {
  override readonly name = 'PageUnavailable';
}

const UNEXPECTED = 'Stopped: something went wrong in the extension. Resume to try again.';

/** Waits after Marquee could not be reached, before trying again; then the run stops. */
export const UNREACHABLE_WAITS_MS = [5_000, 15_000, 30_000];

type Outcome = 'next' | { stop: StopReason; message?: string } | { refused: string } | 'unpaired' | 'paused';

export class Runner {
  private readonly pause = new AbortController();
  private lastAnswerAt = Number.NEGATIVE_INFINITY;
  readonly progress: RunProgress;

  constructor(
    private readonly ports: RunnerPorts,
    carried: Pick<RunProgress, 'views' | 'points' | 'skipped'> = { views: 0, points: 0, skipped: 0 },
  ) {
    this.progress = { ...idleProgress(), ...carried, state: 'running' };
  }

  /** The member's Pause: the run ends at its next step; an offer it held simply expires (D5.1). */
  requestPause(): void {
    this.pause.abort();
  }

  get pausing(): boolean {
    return this.pause.signal.aborted;
  }

  async run(): Promise<RunProgress> {
    this.update({ state: 'running', reason: null, message: '' });
    const started = await this.withMarquee(() => this.ports.api.reportState('running', null));
    let outcome: Outcome = 'failed' in started && started.failed !== 'skip' ? started.failed : 'next';
    try {
      while (outcome === 'next' && !this.pausing) outcome = await this.batch();
    } catch (error) {
      // The browser could not open or read a tab (no window open, say): the run stops rather than
      // leave the listing unread or start over and over.
      outcome = { stop: 'error', message: error instanceof PageUnavailable ? error.message : UNEXPECTED };
    }
    return this.finish(this.pausing && outcome === 'next' ? 'paused' : outcome);
  }

  /** One fetch of listings and the views of each (PX5); its status may stop the run (PX7). */
  private async batch(): Promise<Outcome> {
    const fetched = await this.withMarquee(() => this.ports.api.fetchListings());
    if ('failed' in fetched) return fetched.failed === 'skip' ? { stop: 'error' } : fetched.failed;
    const answer = fetched.value;
    switch (answer.status) {
      case 'done':
      case 'pointsmaxed':
      case 'nolistings':
        return { stop: answer.status };
      case 'success':
        break;
      default:
        return { stop: 'error', message: answer.message || STOP_WORDS.error };
    }
    for (const listing of answer.listings) {
      if (this.pausing) return 'paused';
      const outcome = await this.view(listing);
      if (outcome !== 'next') return outcome;
    }
    return 'next';
  }

  /** One IMDb view, as a person does it: Start, the page, the number, the answer. */
  private async view(listing: earn.EarnListing): Promise<Outcome> {
    const { api, pages } = this.ports;
    this.update({ current: { name: listing.name, step: 'opening' } });
    const started = await this.withMarquee(() => api.startAction(listing.id));
    if ('failed' in started) return started.failed === 'skip' ? 'next' : started.failed;
    const startedAt = this.ports.now();

    const read = await pages.readPage(new URL(listing.open_url, this.ports.site).href, askOf(listing));
    if (!read.found) {
      // Not answered, not guessed: hidden from this extension for the rest of its session (D4.6).
      await this.withMarquee(() => api.hideListing(listing.id));
      this.update({ skipped: this.progress.skipped + 1, current: null });
      return 'next';
    }

    this.update({ current: { name: listing.name, step: 'answering' } });
    // D11.1: not sooner than a person reads the page, and no faster than six answers a minute.
    const jitter = this.ports.random() * 2_000;
    const answerAt = Math.max(
      startedAt + PRO_EXTENSION.answerAfterStartSeconds * 1000 + jitter,
      this.lastAnswerAt + PRO_EXTENSION.secondsBetweenAnswers * 1000,
    );
    await this.ports.sleep(Math.max(0, answerAt - this.ports.now()), this.pause.signal);
    if (this.pausing) return 'paused';

    const answered = await this.withMarquee(
      () => api.recordCorrectAnswer(listing.id, read.value, listing.pro_view),
      { retryRefusals: true },
    );
    this.lastAnswerAt = this.ports.now();
    if ('failed' in answered) return answered.failed === 'skip' ? 'next' : answered.failed;
    let earned = answered.value.status === 'success' ? answered.value.points_earned : null;
    // D5.3: a normal view's miss is settled by checkIncorrectAnswer, as the page settles it.
    if (earned === null && !listing.pro_view) {
      const checked = await this.withMarquee(() =>
        api.checkIncorrectAnswer(listing.id, read.value, listing.test_cat),
      );
      if ('failed' in checked) return checked.failed === 'skip' ? 'next' : checked.failed;
      if (checked.value.status === 'updated') earned = checked.value.points_earned;
    }
    if (earned === null) {
      this.update({ skipped: this.progress.skipped + 1, current: null });
      return 'next';
    }
    this.update({
      views: this.progress.views + 1,
      points: this.progress.points + earned,
      current: null,
      last: { name: listing.name, points: earned, at: this.ports.now() },
    });
    return 'next';
  }

  /**
   * A call to Marquee with what the run does when it fails: waits out the speed limit and tries
   * again (429, and an answer refused as too quick), stops when the day is done (409 'done'),
   * stops as refused when Pro has lapsed (403), ends the pairing when the session is gone (401),
   * leaves a listing no longer offered (other 409s), and after Marquee could not be reached three
   * times stops with 'error'.
   */
  private async withMarquee<T>(
    call: () => Promise<T>,
    opts: { retryRefusals?: boolean } = {},
  ): Promise<{ value: T } | { failed: Outcome | 'skip' }> {
    let unreachable = 0;
    let retried = false;
    for (;;) {
      try {
        return { value: await call() };
      } catch (error) {
        if (error instanceof MarqueeUnreachable) {
          const wait = UNREACHABLE_WAITS_MS[unreachable];
          unreachable += 1;
          if (wait === undefined) return { failed: { stop: 'error' } };
          await this.ports.sleep(wait, this.pause.signal);
          if (this.pausing) return { failed: 'paused' };
          continue;
        }
        if (!(error instanceof MarqueeRefusal)) throw error;
        if (error.httpStatus === 401) return { failed: 'unpaired' };
        if (error.httpStatus === 403) return { failed: { refused: error.message } };
        if (error.status === 'done') return { failed: { stop: 'done' } };
        const tooSoon = error.httpStatus === 429 || (error.httpStatus === 400 && opts.retryRefusals);
        if (tooSoon && !retried) {
          retried = true;
          await this.ports.sleep((error.retryAfterSeconds ?? 2) * 1000, this.pause.signal);
          if (this.pausing) return { failed: 'paused' };
          continue;
        }
        if (error.httpStatus >= 500) return { failed: { stop: 'error' } };
        return { failed: 'skip' };
      }
    }
  }

  private async finish(outcome: Outcome): Promise<RunProgress> {
    const { api } = this.ports;
    if (outcome === 'unpaired') {
      this.update({ state: 'unpaired', reason: null, message: '', current: null });
      return this.progress;
    }
    if (outcome === 'paused' || outcome === 'next') {
      this.update({ state: 'paused', reason: 'paused', message: STOP_WORDS.paused, current: null });
      await this.report(() => api.reportState('paused', 'paused'));
    } else if ('refused' in outcome) {
      this.update({ state: 'refused', reason: 'not_pro', message: outcome.refused, current: null });
      // A lapsed member's extension is refused everything but saying so (PX4).
      await this.report(() => api.reportState('stopped', 'not_pro'));
    } else {
      this.update({
        state: 'stopped',
        reason: outcome.stop,
        message: outcome.message ?? STOP_WORDS[outcome.stop],
        current: null,
      });
      await this.report(() => api.reportState('stopped', outcome.stop));
    }
    return this.progress;
  }

  /** Telling Marquee how the run ended is a courtesy: it follows from the calls stopping anyway (PX6). */
  private async report(call: () => Promise<void>): Promise<void> {
    try {
      await call();
    } catch {
      // Marquee stops counting the extension as running two minutes after its last call.
    }
  }

  private update(change: Partial<RunProgress>): void {
    Object.assign(this.progress, change);
    this.ports.onProgress({ ...this.progress });
  }
}
