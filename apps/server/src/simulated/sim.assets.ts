import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { PLAYER_JS } from './player.script.js';
import { generatedAvatarSvg, generatedXProfile } from './generated.js';
import { stableHash } from './catalogue.js';

/** The simulated sites' stylesheet, player script and placeholder pictures, served as files for the CSP. */

const CSS = `
*{box-sizing:border-box}
body.sim{margin:0;font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:#1f1f1f;background:#f4f4f4}
.sim-banner{background:#fff3cd;color:#664d03;border-bottom:1px solid #e6d391;padding:6px 14px;font-size:13px}
.sim-banner a{color:#664d03}
.sim-main{max-width:960px;margin:0 auto;padding:18px 14px 40px}
.sim-missing{text-align:center;padding-top:60px}
.sim-card{background:#fff;border:1px solid #ddd;border-radius:10px;padding:18px;margin-bottom:16px}
.sim-muted,.imdb-muted{color:#6b6b6b;font-size:13px}
.sim-error{color:#b00020}
.sim-generated{background:#e8f1fb;color:#123b63;border:1px solid #b6d0ee;border-radius:8px;padding:8px 12px;margin:0 0 14px;font-size:14px}
.sim-form label{display:block;margin:10px 0 4px;font-weight:600}
.sim-form input[type=text]{width:100%;max-width:320px;padding:8px 10px;border:1px solid #bbb;border-radius:6px;font-size:15px}
.sim-btn{display:inline-block;border:0;border-radius:999px;padding:8px 20px;font-weight:700;font-size:15px;cursor:pointer;text-decoration:none}
.sim-btn--primary{background:#0f1419;color:#fff}
.sim-btn--outline{background:#fff;color:#0f1419;border:1px solid #cfd9de}
.sim-btn--link{background:none;color:#1d6fd8;padding:8px 4px}
.sim-list{padding-left:18px}
.sim-index h2{margin-top:28px}
.imdb-bar{background:#121212;color:#fff;padding:8px 14px;display:flex;gap:12px;align-items:center}
.imdb-bar .imdb-muted,.x-bar .sim-muted{color:#bbb}
.fb-bar .sim-muted{color:#fff}
.imdb-logo{background:#f5c518;color:#000;font-weight:900;padding:2px 8px;border-radius:4px;text-decoration:none}
.imdb-hero{background:#1f1f1f;color:#fff;border-radius:10px;padding:18px}
.imdb-hero .imdb-muted{color:#bbb}
.imdb-hero__top{display:flex;justify-content:space-between;gap:16px;flex-wrap:wrap}
.imdb-hero h1{margin:0 0 6px;font-size:30px;font-weight:500}
.imdb-hero__body{display:flex;gap:18px;margin-top:14px;flex-wrap:wrap}
.imdb-hero .ipc-image{border-radius:8px;background:#333;width:190px;height:281px}
.imdb-summary{flex:1;min-width:220px;margin:0}
.ipc-inline-list{list-style:none;margin:0;padding:0;display:flex;flex-wrap:wrap;gap:0 12px;color:#ccc}
.imdb-meter{text-align:center}
.imdb-meter__label{font-size:12px;letter-spacing:1px;text-transform:uppercase;color:#bbb}
.imdb-meter__score{font-size:22px;font-weight:700;color:#f5c518}
.imdb-section{background:#fff;border-radius:10px;padding:14px 18px;margin-top:16px}
.imdb-section .ipc-title__text{font-size:22px;margin:4px 0 10px;border-left:4px solid #f5c518;padding-left:10px}
.ipc-accordion__item{border-top:1px solid #eee;padding:8px 0}
.ipc-accordion__item .ipc-inline-list{color:#1f1f1f;align-items:baseline;gap:0 10px}
.ipc-accordion__item h3.ipc-title__text{font-size:18px;margin:0;border:0;padding:0}
.ipc-accordion__item__content p{margin:2px 0 0}
.ipc-metadata-list{list-style:none;margin:0;padding:0}
.ipc-metadata-list-item__label{font-weight:700;margin-right:12px}
.ipc-metadata-list-item__content-container{display:inline}
.x-bar{background:#000;color:#fff;padding:8px 14px;font-weight:800;font-size:20px}
.fb-bar{background:#1464d6;color:#fff;padding:8px 14px;font-weight:800;font-size:20px}
.social-card{display:flex;gap:18px;align-items:flex-start;flex-wrap:wrap}
.social-card img{width:96px;height:96px;border-radius:50%;background:#ccd6dd}
.social-card h1{margin:0;font-size:24px}
.social-who{margin:14px 0 0}
.sim-facebook .sim-btn--primary{background:#1877f2}
.yt-bar{background:#fff;border-bottom:1px solid #ddd;padding:8px 14px;font-weight:800;font-size:20px;color:#c00}
.player{background:#000;color:#fff;border-radius:10px;overflow:hidden;max-width:854px}
.player__screen{aspect-ratio:16/9;display:flex;flex-direction:column;justify-content:center;align-items:center;gap:8px;padding:12px;text-align:center}
.player__title{font-size:20px;font-weight:700}
.player__state{color:#bbb}
.player__controls{display:flex;align-items:center;gap:12px;padding:10px 12px;background:#181818}
.player__controls progress{flex:1;height:8px;accent-color:#f00}
.player__button{min-width:84px;border:0;border-radius:6px;padding:6px 12px;font-weight:700;cursor:pointer}
.sim-bare{background:#000}
.sim-bare .player{max-width:none;border-radius:0}
.ig-bar{background:#fff;border-bottom:1px solid #dbdbdb;padding:8px 14px;font-weight:700;font-size:22px;font-family:"Segoe Script","Brush Script MT",cursive}
.ig-bar .sim-muted{font-family:system-ui,sans-serif;font-weight:400}
.ig-profile{display:flex;gap:28px;align-items:center;flex-wrap:wrap}
.ig-profile img{width:150px;height:150px;border-radius:50%;border:1px solid #dbdbdb}
.ig-profile h1{margin:0 12px 0 0;font-size:22px;font-weight:400;display:inline-block}
.ig-profile form{display:inline-block}
.ig-counts{list-style:none;display:flex;gap:28px;margin:14px 0;padding:0}
.ig-name{font-weight:600;margin:0}
.sim-instagram .sim-btn{border-radius:8px;padding:6px 18px;font-size:14px}
.sim-instagram .sim-btn--primary{background:#0095f6}
.sim-instagram .sim-btn--outline{background:#efefef;border:0}
.ig-promo{max-width:640px;margin:0 auto}
.ig-promo code{font-size:20px;background:#f0f0f0;border-radius:6px;padding:2px 10px}
`;

const svg = (body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 190 281" width="190" height="281">${body}</svg>`;

const PORTRAIT = svg(
  '<rect width="190" height="281" fill="#3a3a3a"/><circle cx="95" cy="105" r="45" fill="#777"/><rect x="35" y="165" width="120" height="90" rx="50" fill="#777"/>',
);
const POSTER = svg(
  '<rect width="190" height="281" fill="#2b2b2b"/><rect x="55" y="95" width="80" height="90" rx="6" fill="#666"/><circle cx="75" cy="115" r="8" fill="#2b2b2b"/><circle cx="115" cy="115" r="8" fill="#2b2b2b"/>',
);
const AVATAR =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96" width="96" height="96"><rect width="96" height="96" fill="#ccd6dd"/><circle cx="48" cy="38" r="18" fill="#8899a6"/><rect x="18" y="62" width="60" height="40" rx="30" fill="#8899a6"/></svg>';

const FILES: Record<string, [string, string]> = {
  'sim.css': ['text/css; charset=utf-8', CSS],
  'player.js': ['text/javascript; charset=utf-8', PLAYER_JS],
  'portrait.svg': ['image/svg+xml', PORTRAIT],
  'poster.svg': ['image/svg+xml', POSTER],
  'avatar.svg': ['image/svg+xml', AVATAR],
};

/** The address of a simulated Instagram profile's picture: what its og:image names. */
export const instagramPictureUrl = (handle: string) =>
  `/sim/instagram/${encodeURIComponent(handle.toLowerCase())}/picture.jpg`;

/**
 * A simulated Instagram profile's picture, 150 px as Instagram's og:image is: a figure on a colour of
 * the handle's own. A real JPEG (drawn without text, so no font is needed), so that the Exchange can
 * store it through the image pipeline like a picture fetched from Instagram.
 */
export async function instagramPictureJpeg(handle: string): Promise<Buffer> {
  const hue = stableHash(`avatar:${handle.toLowerCase()}`) % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 150 150" width="150" height="150"><rect width="150" height="150" fill="hsl(${hue} 45% 42%)"/><circle cx="75" cy="58" r="28" fill="#fff" fill-opacity=".85"/><rect x="28" y="96" width="94" height="80" rx="47" fill="#fff" fill-opacity=".85"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

/** The picture of a generated X profile (rule P1): its initials on a colour of its own. */
export const generatedAvatarUrl = (handle: string) => `/sim/assets/avatars/${encodeURIComponent(handle)}.svg`;

export function simAssetRoutes(app: FastifyInstance): void {
  app.get('/sim/assets/avatars/:file', async (req, reply) => {
    const file = (req.params as { file: string }).file;
    const profile = file.endsWith('.svg') ? generatedXProfile(file.slice(0, -4)) : null;
    if (!profile) return reply.code(404).type('text/plain').send('There is no such picture.');
    return reply
      .type('image/svg+xml')
      .header('Cache-Control', 'public, max-age=86400')
      .send(generatedAvatarSvg(profile.handle, profile.displayName));
  });
  for (const [name, [type, body]] of Object.entries(FILES)) {
    app.get(`/sim/assets/${name}`, async (_req, reply) =>
      reply.type(type).header('Cache-Control', 'no-cache').send(body),
    );
  }
}
