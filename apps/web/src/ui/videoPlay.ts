import { earn } from '@marquee/contract';

/** What the simulated player page posts to the page that embeds it (D9.2). */
export interface PlayerMessage {
  source: 'marquee-sim-player';
  event: 'play' | 'pause' | 'progress' | 'ended';
  seconds: number;
}

export function asPlayerMessage(data: unknown): PlayerMessage | null {
  if (!data || typeof data !== 'object') return null;
  const m = data as Record<string, unknown>;
  if (m.source !== 'marquee-sim-player') return null;
  if (m.event !== 'play' && m.event !== 'pause' && m.event !== 'progress' && m.event !== 'ended') return null;
  const seconds = typeof m.seconds === 'number' && Number.isFinite(m.seconds) ? m.seconds : 0;
  return { source: 'marquee-sim-player', event: m.event, seconds };
}

export interface PlayState {
  playing: boolean;
  /** Seconds really watched: position moves while playing, jumps (seeks) not counted. */
  watched: number;
  /** The player's last reported position. */
  position: number;
  ended: boolean;
}

export const NOT_PLAYED: PlayState = { playing: false, watched: 0, position: 0, ended: false };

/** A step larger than this is a seek, not play. */
const MAX_STEP_SECONDS = 10;

export function onPlayerMessage(state: PlayState, message: PlayerMessage): PlayState {
  switch (message.event) {
    case 'play':
      return { ...state, playing: true, position: message.seconds };
    case 'pause':
      return { ...state, ...advance(state, message.seconds), playing: false };
    case 'progress':
      return { ...state, ...advance({ ...state, playing: true }, message.seconds), playing: true };
    case 'ended':
      return { ...state, ...advance(state, message.seconds), playing: false, ended: true };
  }
}

function advance(state: PlayState, seconds: number): Pick<PlayState, 'watched' | 'position'> {
  const step = seconds - state.position;
  const counted = state.playing && step > 0 && step <= MAX_STEP_SECONDS ? step : 0;
  return { watched: state.watched + counted, position: seconds };
}

/** A view is credited after 30 s of play, or when the video ends sooner (spec 1 §5). */
export function viewEarned(state: PlayState): boolean {
  return state.ended || state.watched >= earn.EARN.videoCreditSeconds;
}
