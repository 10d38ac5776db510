import { html, simPage } from './html.js';
import { generatedNote } from './imdb.pages.js';
import type { GeneratedVideo } from './generated.js';
import type { simVideos } from './simulated.tables.js';

/**
 * The simulated YouTube pages: a watch page and an embeddable player that "plays" for the video's
 * duration (script in /sim/assets/player.js).
 */

/** A video of the catalogue, or one made up from its id. */
export type SimVideo = typeof simVideos.$inferSelect | GeneratedVideo;

function clock(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

function player(v: SimVideo) {
  return html`<div class="player" id="sim-player" data-duration="${v.durationSeconds}" data-video="${v.id}">
    <div class="player__screen">
      <div class="player__title">${v.title}</div>
      <div class="player__state" id="sim-player-state" aria-live="polite">Press play</div>
    </div>
    <div class="player__controls">
      <button type="button" class="player__button" id="sim-player-toggle" aria-pressed="false">Play</button>
      <progress
        id="sim-player-progress"
        max="${v.durationSeconds}"
        value="0"
        aria-label="Progress"
      ></progress>
      <span id="sim-player-time">0:00 / ${clock(v.durationSeconds)}</span>
    </div>
  </div>`;
}

const script = html`<script src="/sim/assets/player.js" defer></script>`;

export function watchPage(video: SimVideo): string {
  return simPage({
    site: 'youtube',
    title: `${video.title} - YouTube`,
    body: html`<header class="yt-bar">▶ YouTube <span class="sim-muted">simulated</span></header>
      <main class="sim-main">
        ${generatedNote('generated' in video)} ${player(video)}
        <h1>${video.title}</h1>
        <p class="sim-muted">${video.channel} · ${clock(video.durationSeconds)}</p>
      </main>`,
    head: script,
  });
}

/** The embedded player has no banner: the app's modal around it already says what it is. */
export function embedPage(video: SimVideo): string {
  return simPage({ site: 'youtube', title: video.title, body: player(video), head: script, bare: true });
}
