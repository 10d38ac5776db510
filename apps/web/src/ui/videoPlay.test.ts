import { describe, expect, it } from 'vitest';
import { asPlayerMessage, NOT_PLAYED, onPlayerMessage, viewEarned, type PlayState } from './videoPlay';

const msg = (event: 'play' | 'pause' | 'progress' | 'ended', seconds: number) => ({
  source: 'marquee-sim-player' as const,
  event,
  seconds,
});

function play(...events: ReturnType<typeof msg>[]): PlayState {
  return events.reduce(onPlayerMessage, NOT_PLAYED);
}

describe('the video view', () => {
  it('is earned after 30 s of play', () => {
    const ticks = Array.from({ length: 29 }, (_, i) => msg('progress', i + 1));
    const at29 = play(msg('play', 0), ...ticks);
    expect(at29.watched).toBe(29);
    expect(viewEarned(at29)).toBe(false);
    expect(viewEarned(onPlayerMessage(at29, msg('progress', 30)))).toBe(true);
  });

  it('does not count paused time or seeking forward', () => {
    const state = play(
      msg('play', 0),
      msg('progress', 5),
      msg('pause', 6),
      msg('play', 6),
      msg('progress', 300),
    );
    expect(state.watched).toBe(6);
    expect(viewEarned(state)).toBe(false);
  });

  it('is earned when a shorter video ends', () => {
    expect(viewEarned(play(msg('play', 0), msg('progress', 12), msg('ended', 14)))).toBe(true);
  });

  it('ignores messages from anything but the player', () => {
    expect(asPlayerMessage({ source: 'other', event: 'play', seconds: 1 })).toBeNull();
    expect(asPlayerMessage('play')).toBeNull();
    expect(asPlayerMessage({ source: 'marquee-sim-player', event: 'seek', seconds: 1 })).toBeNull();
    expect(asPlayerMessage({ source: 'marquee-sim-player', event: 'progress', seconds: 3 })).toEqual(
      msg('progress', 3),
    );
  });
});
