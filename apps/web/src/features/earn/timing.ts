import { earn } from '@marquee/contract';

const { EARN } = earn;

/**
 * The list's inactivity clock (spec 1 §9, spec 4 §4): 30 s after the listings load, 180 s once a
 * card is started (6000 s for a video, 900 s while the pro extension runs). The server enforces
 * the same windows (D1.3); this one only spares the member a credit that would be refused.
 */
export function timeoutSecondsFor(opts: {
  startedType?: earn.ListingType | null;
  extension?: boolean;
}): number {
  if (opts.startedType === 'youtube-view') return EARN.videoActionTimeoutSeconds;
  if (opts.extension) {
    return opts.startedType ? EARN.proActionTimeoutSeconds : EARN.listTimeoutWithExtensionSeconds;
  }
  return opts.startedType ? EARN.actionTimeoutSeconds : EARN.listTimeoutSeconds;
}

export interface CountdownState {
  /** Whole seconds left, never below 0. */
  remaining: number;
  /** Under 11 s left: the "still there?" warning shows. */
  warning: boolean;
  timedOut: boolean;
}

export function countdownAt(deadlineMs: number, nowMs: number): CountdownState {
  const remaining = Math.max(0, Math.ceil((deadlineMs - nowMs) / 1000));
  return {
    remaining,
    warning: remaining > 0 && remaining < EARN.warnUnderSeconds,
    timedOut: remaining === 0,
  };
}

/**
 * What a screen reader hears about the countdown: once when the warning starts, once when the list
 * times out, and nothing on the seconds in between (a polite live region read every second would
 * drown everything else out).
 */
export function countdownAnnouncement(state: CountdownState): string {
  if (state.timedOut) return 'The listings timed out from inactivity. Reload to see fresh ones.';
  if (state.warning) return 'Still there? These listings time out in a few seconds.';
  return '';
}

/** "2:05", "0:09": the countdown as shown; video offers run to "1:40:00". */
export function formatClock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const secs = String(s % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${secs}` : `${minutes}:${secs}`;
}

/**
 * No listings right now (spec 1 §4): the list asks again every 60 s on its own, and the manual
 * "Check again" button is enabled 10 s after the last check.
 */
export function recheckAt(elapsedMs: number): {
  manualEnabled: boolean;
  autoDue: boolean;
  nextAutoInSeconds: number;
} {
  const elapsed = Math.max(0, elapsedMs) / 1000;
  return {
    manualEnabled: elapsed >= EARN.manualRecheckAfterSeconds,
    autoDue: elapsed >= EARN.autoRecheckSeconds,
    nextAutoInSeconds: Math.max(0, Math.ceil(EARN.autoRecheckSeconds - elapsed)),
  };
}
