import sharp from 'sharp';
import type { Db } from '../platform/db/database.js';
import type { AppConfig } from '../platform/config.js';
import { images } from '../features/uploads/uploads.tables.js';
import { storageFor, storageKey } from '../features/uploads/storage.js';

/**
 * Pictures on demo board topics, drawn here so the demo needs no files: stored where uploads go
 * (DATA_DIR or S3) with their thumbnails, and recorded as the image pipeline records an upload.
 * Names are fixed, so seeding another database rewrites the same files.
 */
const W = 960;
const H = 560;
const font = `font-family="DejaVu Sans"`;

const PICTURES = {
  /** A top-down lighting plot for a self-tape corner. */
  'lighting-plot': `
    <rect width="${W}" height="${H}" fill="#f4f2fb"/>
    <g stroke="#cfcae9" stroke-width="1">${Array.from({ length: 24 }, (_, i) => `<line x1="${i * 40}" y1="0" x2="${i * 40}" y2="${H}"/>`).join('')}
      ${Array.from({ length: 14 }, (_, i) => `<line x1="0" y1="${i * 40}" x2="${W}" y2="${i * 40}"/>`).join('')}</g>
    <rect x="640" y="120" width="40" height="320" fill="#5d5873"/>
    <text x="700" y="290" ${font} font-size="22" fill="#1d1846">grey backdrop</text>
    <circle cx="520" cy="280" r="34" fill="#3a2f8f"/>
    <text x="470" y="345" ${font} font-size="22" fill="#1d1846">actor</text>
    <path d="M300 140 L360 110 L370 170 Z" fill="#e0a526"/>
    <text x="230" y="100" ${font} font-size="22" fill="#1d1846">key: LED panel, 45°</text>
    <path d="M300 430 L360 400 L370 460 Z" fill="#f3c95f"/>
    <text x="220" y="500" ${font} font-size="22" fill="#1d1846">fill: white bounce</text>
    <rect x="140" y="255" width="70" height="50" rx="8" fill="#1d1846"/>
    <text x="110" y="340" ${font} font-size="22" fill="#1d1846">camera, chest-up</text>
    <line x1="210" y1="280" x2="480" y2="280" stroke="#3a2f8f" stroke-width="3" stroke-dasharray="10 8"/>
    <text x="40" y="56" ${font} font-weight="bold" font-size="30" fill="#3a2f8f">Self-tape corner, seen from above</text>`,
  /** A festival one-sheet for a short film. */
  'festival-poster': `
    <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#1d1846"/><stop offset="0.65" stop-color="#7a2e4d"/><stop offset="1" stop-color="#e0a526"/></linearGradient></defs>
    <rect width="${W}" height="${H}" fill="url(#sky)"/>
    <circle cx="720" cy="360" r="110" fill="#f3c95f" fill-opacity="0.85"/>
    <path d="M0 430 Q240 380 480 430 T960 420 V560 H0 Z" fill="#1d1846" fill-opacity="0.85"/>
    <text x="60" y="190" ${font} font-weight="bold" font-size="88" fill="#ffffff">SALT &amp; STATIC</text>
    <text x="64" y="240" ${font} font-size="28" fill="#f3c95f">a short film · 14 min</text>
    <text x="64" y="510" ${font} font-size="22" fill="#e9e6f6">OFFICIAL SELECTION · COASTAL SHORTS FESTIVAL</text>`,
  /** A colour grade, before and after. */
  'grade-before-after': `
    <defs>
      <linearGradient id="flat" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#8d8a99"/><stop offset="1" stop-color="#b8b4c4"/></linearGradient>
      <linearGradient id="graded" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1d3f5e"/><stop offset="1" stop-color="#e0a526"/></linearGradient>
    </defs>
    <rect width="${W / 2}" height="${H}" fill="url(#flat)"/>
    <rect x="${W / 2}" width="${W / 2}" height="${H}" fill="url(#graded)"/>
    <circle cx="240" cy="300" r="90" fill="#a7a3b3"/><circle cx="720" cy="300" r="90" fill="#f3c95f" fill-opacity="0.9"/>
    <rect x="${W / 2 - 2}" width="4" height="${H}" fill="#ffffff"/>
    <text x="40" y="70" ${font} font-weight="bold" font-size="36" fill="#ffffff">LOG</text>
    <text x="${W / 2 + 40}" y="70" ${font} font-weight="bold" font-size="36" fill="#ffffff">GRADED</text>`,
} as const;

export type DemoPicture = keyof typeof PICTURES;

/** Draws and stores the pictures; answers each one's stored name. */
export async function storeDemoBoardPictures(
  tx: Db,
  ownerOf: Record<DemoPicture, number>,
  at: Date,
  config: AppConfig,
): Promise<Record<DemoPicture, string>> {
  const storage = storageFor(config);
  const names = {} as Record<DemoPicture, string>;
  for (const [key, body] of Object.entries(PICTURES) as [DemoPicture, string][]) {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">${body}</svg>`;
    const full = await sharp(Buffer.from(svg)).jpeg({ quality: 84 }).toBuffer();
    const name = `demo-board-${key}.jpg`;
    for (const size of ['full', 80, 35] as const) {
      const file =
        size === 'full'
          ? full
          : await sharp(full).resize(size, size, { fit: 'cover' }).jpeg({ quality: 82 }).toBuffer();
      await storage.put(storageKey(name, size), file, 'image/jpeg');
    }
    await tx.insert(images).values({
      ownerId: ownerOf[key],
      folder: 'board',
      name,
      mime: 'image/jpeg',
      width: W,
      height: H,
      bytes: full.length,
      createdAt: at,
    });
    names[key] = name;
  }
  return names;
}
