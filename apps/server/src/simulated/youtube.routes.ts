import type { FastifyInstance, FastifyReply } from 'fastify';
import { VIDEO_ID } from '../integrations/open-url.js';
import { html, notFoundPage, sendPage, simPage } from './html.js';
import { generatedNote } from './imdb.pages.js';
import * as repo from './sim.repo.js';

/**
 * The simulated YouTube: a watch page and an embeddable player that "plays" for the video's
 * duration (script in /sim/assets/player.js). The embed is framed by the app (same origin).
 */

type Video = NonNullable<Awaited<ReturnType<typeof repo.video>>>;

function clock(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

function player(v: Video) {
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

export function youtubeRoutes(app: FastifyInstance): void {
  const { db } = app.deps;

  const load = async (id: unknown, reply: FastifyReply) => {
    const video = typeof id === 'string' && VIDEO_ID.test(id) ? await repo.video(db, id) : null;
    if (!video) notFoundPage(reply, 'youtube', 'This video isn’t available any more.');
    return video;
  };

  app.get('/sim/youtube/watch', async (req, reply) => {
    const video = await load((req.query as Record<string, unknown>).v, reply);
    if (!video) return reply;
    const body = html`<header class="yt-bar">▶ YouTube <span class="sim-muted">simulated</span></header>
      <main class="sim-main">
        ${generatedNote('generated' in video)} ${player(video)}
        <h1>${video.title}</h1>
        <p class="sim-muted">${video.channel} · ${clock(video.durationSeconds)}</p>
      </main>`;
    return sendPage(
      reply,
      simPage({ site: 'youtube', title: `${video.title} - YouTube`, body, head: script }),
    );
  });

  app.get('/sim/youtube/embed/:id', async (req, reply) => {
    const video = await load((req.params as Record<string, unknown>).id, reply);
    if (!video) return reply;
    return sendPage(
      reply,
      simPage({ site: 'youtube', title: video.title, body: player(video), head: script, bare: true }),
    );
  });
}
