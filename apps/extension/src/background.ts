import * as proExtension from '@marquee/contract/pro-extension';
import { fetchStatus, marqueeApi, MarqueeRefusal, unpairSelf } from './api.ts';
import { siteConfig } from './config.ts';
import type { BackgroundRequest, HelloAnswer, PairAnswer } from './messages.ts';
import { chromePages } from './pages.ts';
import { Runner, type RunProgress } from './runner.ts';
import { forgetPairing, keep, readKept } from './storage.ts';

/**
 * The extension's background (Manifest V3 service worker, D15.1): pairing from the welcome page
 * (PX2), the run (runner.ts), the popup's Pause, Resume and Sign out, and picking a run up again
 * when the browser restarted the worker in the middle of one.
 */

let runner: Runner | null = null;
/** The run under way (from the moment it is asked for), or null: there is never more than one. */
let active: Promise<void> | null = null;
/** A pause asked for while a run was still starting. */
let pauseAsked = false;

/** Starts a run unless one is under way; resolves when it has ended. */
function startRun(): Promise<void> {
  pauseAsked = false;
  active ??= run().finally(() => {
    active = null;
  });
  return active;
}

function pauseRun(): void {
  pauseAsked = true;
  runner?.requestPause();
}

async function run(): Promise<void> {
  const [config, kept] = await Promise.all([siteConfig(), readKept()]);
  if (!kept.pairing || pauseAsked) return;
  const current = new Runner({
    api: marqueeApi(config.site, kept.pairing.token, config.version),
    pages: chromePages,
    site: config.site,
    sleep: (ms, signal) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, ms);
        signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
      }),
    now: () => Date.now(),
    random: () => Math.random(),
    onProgress: (progress: RunProgress) => void keep({ run: progress }),
  });
  runner = current;
  try {
    const ended = await current.run();
    if (ended.state === 'unpaired') await forgetPairing();
  } finally {
    runner = null;
    await refreshStatus().catch(() => {});
  }
}

/** Marquee's figures for the popup: who, whether Pro, today's views, the balance. */
async function refreshStatus() {
  const [config, kept] = await Promise.all([siteConfig(), readKept()]);
  if (!kept.pairing) return null;
  try {
    const { status: _word, ...status } = await fetchStatus(config.site, kept.pairing.token);
    await keep({ status: { ...status, at: Date.now() } });
    return status;
  } catch (error) {
    if (error instanceof MarqueeRefusal && error.httpStatus === 401) await forgetPairing();
    throw error;
  }
}

/** The welcome page hands over the extension's session; it is kept only once Marquee accepts it. */
async function pair(token: string): Promise<PairAnswer> {
  const config = await siteConfig();
  try {
    const status = await fetchStatus(config.site, token);
    // Paired again (perhaps for another member): the run under way ends before the new one starts.
    pauseRun();
    await active;
    await keep({
      pairing: { token, member: status.member },
      status: { ...status, at: Date.now() },
    });
    if (status.pro) void startRun();
    return { ok: true, member: status.member };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : 'The extension could not pair.' };
  }
}

async function signOut(): Promise<void> {
  pauseRun();
  await active;
  const [config, kept] = await Promise.all([siteConfig(), readKept()]);
  if (kept.pairing) await unpairSelf(config.site, kept.pairing.token).catch(() => {});
  await forgetPairing();
}

/** Only the welcome page of this copy's own site may pair it (PX2). */
async function fromWelcomePage(sender: chrome.runtime.MessageSender): Promise<boolean> {
  const { site } = await siteConfig();
  let url: URL;
  try {
    url = new URL(sender.tab?.url ?? sender.url ?? '');
  } catch {
    return false;
  }
  const welcome = proExtension.WELCOME_PATH.replace(/\/$/, '');
  return (
    sender.id === chrome.runtime.id &&
    url.origin === site &&
    (url.pathname === welcome || url.pathname.startsWith(`${welcome}/`))
  );
}

async function answer(request: BackgroundRequest, sender: chrome.runtime.MessageSender): Promise<unknown> {
  switch (request.kind) {
    case 'bridge-hello': {
      const [config, kept] = await Promise.all([siteConfig(), readKept()]);
      const hello: HelloAnswer = {
        version: config.version,
        install_id: kept.installId,
        member: kept.pairing?.member ?? null,
      };
      return hello;
    }
    case 'bridge-pair':
      if (!(await fromWelcomePage(sender)))
        return { ok: false, message: 'Pair the extension from Marquee’s own page.' };
      return pair(request.token);
    case 'popup-refresh':
      return refreshStatus().catch(() => null);
    case 'popup-pause':
      pauseRun();
      return null;
    case 'popup-resume':
      void startRun();
      return null;
    case 'popup-signout':
      await signOut();
      return null;
  }
}

chrome.runtime.onMessage.addListener((request: BackgroundRequest, sender, reply) => {
  answer(request, sender).then(reply, () => reply(null));
  return true;
});

chrome.runtime.onInstalled.addListener(async ({ reason }) => {
  if (reason !== 'install') return;
  await readKept();
  const { site } = await siteConfig();
  await chrome.tabs.create({ url: `${site}${proExtension.WELCOME_URL}` });
});

// A worker the browser stopped in the middle of a run is started again by this alarm, or by the
// browser's start, and picks the run up (the run's state is kept, runner.ts).
chrome.alarms.create('marquee-run', { periodInMinutes: 0.5 });
async function resumeIfRunning() {
  const kept = await readKept();
  if (kept.run.state === 'running' && kept.pairing && !active) await startRun();
}
chrome.alarms.onAlarm.addListener((alarm) => {
  if (alarm.name === 'marquee-run') void resumeIfRunning();
});
chrome.runtime.onStartup.addListener(() => void resumeIfRunning());
