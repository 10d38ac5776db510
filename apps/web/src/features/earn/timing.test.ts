import { describe, expect, it } from 'vitest';
import { countdownAnnouncement, countdownAt, formatClock, recheckAt, timeoutSecondsFor } from './timing';

describe('the list timeout', () => {
  it('is 30 s after load, 180 s once started, 6000 s for a video', () => {
    expect(timeoutSecondsFor({})).toBe(30);
    expect(timeoutSecondsFor({ startedType: 'imdb-view' })).toBe(180);
    expect(timeoutSecondsFor({ startedType: 'twitter-follow' })).toBe(180);
    expect(timeoutSecondsFor({ startedType: 'youtube-view' })).toBe(6000);
  });

  it('is longer while the pro extension runs', () => {
    expect(timeoutSecondsFor({ extension: true })).toBe(900);
    expect(timeoutSecondsFor({ extension: true, startedType: 'imdb-view' })).toBe(900);
    expect(timeoutSecondsFor({ extension: true, startedType: 'youtube-view' })).toBe(6000);
  });

  it('warns when under 11 s remain and times out at 0', () => {
    const deadline = 30_000;
    expect(countdownAt(deadline, 0)).toEqual({ remaining: 30, warning: false, timedOut: false });
    expect(countdownAt(deadline, 19_000)).toEqual({ remaining: 11, warning: false, timedOut: false });
    expect(countdownAt(deadline, 19_001)).toEqual({ remaining: 11, warning: false, timedOut: false });
    expect(countdownAt(deadline, 20_000)).toEqual({ remaining: 10, warning: true, timedOut: false });
    expect(countdownAt(deadline, 29_999)).toEqual({ remaining: 1, warning: true, timedOut: false });
    expect(countdownAt(deadline, 30_000)).toEqual({ remaining: 0, warning: false, timedOut: true });
    expect(countdownAt(deadline, 45_000).remaining).toBe(0);
  });

  it('is announced only when the warning starts and at the timeout, not every second', () => {
    const said = new Set<string>();
    for (let t = 0; t <= 31_000; t += 1000) said.add(countdownAnnouncement(countdownAt(30_000, t)));
    expect([...said]).toEqual([
      '',
      'Still there? These listings time out in a few seconds.',
      'The listings timed out from inactivity. Reload to see fresh ones.',
    ]);
  });

  it('reads as a clock', () => {
    expect(formatClock(9)).toBe('0:09');
    expect(formatClock(180)).toBe('3:00');
    expect(formatClock(6000)).toBe('1:40:00');
    expect(formatClock(-3)).toBe('0:00');
  });
});

describe('the no-listings recheck', () => {
  it('enables the manual button after 10 s and rechecks on its own every 60 s', () => {
    expect(recheckAt(0)).toEqual({ manualEnabled: false, autoDue: false, nextAutoInSeconds: 60 });
    expect(recheckAt(9_999).manualEnabled).toBe(false);
    expect(recheckAt(10_000).manualEnabled).toBe(true);
    expect(recheckAt(59_999).autoDue).toBe(false);
    expect(recheckAt(59_500).nextAutoInSeconds).toBe(1);
    expect(recheckAt(60_000)).toEqual({ manualEnabled: true, autoDue: true, nextAutoInSeconds: 0 });
  });
});
