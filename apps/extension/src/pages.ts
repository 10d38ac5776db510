import { PageUnavailable, type PagePort } from './runner.ts';
import type { Ask, ReadOutcome } from './reader/imdb-reader.ts';

/** A page that has not finished loading in this long is left unread. */
const LOAD_TIMEOUT_MS = 30_000;
/** A page is read again this many times, a second apart, while its content is still arriving. */
const READ_TRIES = 6;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves once the tab has loaded, or rejects after LOAD_TIMEOUT_MS. */
function loaded(tabId: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = (ok: boolean) => {
      clearTimeout(timer);
      chrome.tabs.onUpdated.removeListener(listener);
      if (ok) resolve();
      else reject(new Error('The page did not load.'));
    };
    const listener = (id: number, info: chrome.tabs.OnUpdatedInfo) => {
      if (id === tabId && info.status === 'complete') done(true);
    };
    const timer = setTimeout(() => done(false), LOAD_TIMEOUT_MS);
    chrome.tabs.onUpdated.addListener(listener);
    chrome.tabs.get(tabId).then(
      (tab) => tab.status === 'complete' && done(true),
      () => done(false),
    );
  });
}

/** Runs in the page: the reader that reader.js put there (reader/entry.ts). */
function readInPage(ask: Ask): ReadOutcome | null {
  const read = (globalThis as { __marqueeReadImdb?: (ask: Ask) => ReadOutcome }).__marqueeReadImdb;
  return read ? read(ask) : null;
}

/** Each listing's page in a background tab of the member's browser (D15.1), closed once read. */
export const chromePages: PagePort = {
  async readPage(url, ask) {
    let tab: chrome.tabs.Tab;
    try {
      tab = await chrome.tabs.create({ url, active: false });
    } catch {
      throw new PageUnavailable(
        'Stopped: the browser could not open a tab. Open a browser window, then resume.',
      );
    }
    const tabId = tab.id as number;
    let last: ReadOutcome = { found: false, why: 'not-imdb' };
    try {
      await loaded(tabId);
      await chrome.scripting.executeScript({ target: { tabId }, files: ['reader.js'] });
      for (let i = 0; i < READ_TRIES; i += 1) {
        const [frame] = await chrome.scripting.executeScript({
          target: { tabId },
          func: readInPage,
          args: [ask],
        });
        const outcome = frame?.result as ReadOutcome | null | undefined;
        if (outcome) last = outcome;
        if (outcome?.found) return outcome;
        await pause(1_000);
      }
      return last;
    } catch {
      // The page did not load, went elsewhere or was closed: nothing was read.
      return last;
    } finally {
      chrome.tabs.remove(tabId).catch(() => {});
    }
  },
};
