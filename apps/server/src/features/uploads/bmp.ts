/**
 * A small BMP reader for headshots (spec 2 §5: BMP is taken for the profile photo only). sharp
 * cannot read BMP, so this turns the file into raw RGBA pixels that sharp re-encodes as PNG.
 * Reads the common forms: 1, 4, 8, 16, 24 and 32 bits a pixel, uncompressed or with bit fields,
 * bottom-up or top-down. Anything else (RLE, embedded JPEG/PNG) is refused as unreadable.
 */
export interface DecodedBitmap {
  width: number;
  height: number;
  /** RGBA, 4 bytes a pixel, rows top to bottom. */
  pixels: Buffer;
}

/** Bitmaps beyond this many pixels are refused before any memory is given to them. */
const MAX_PIXELS = 40_000_000;

const BI_RGB = 0;
const BI_BITFIELDS = 3;
const BI_ALPHABITFIELDS = 6;

export const isBmp = (file: Buffer) => file.length > 26 && file[0] === 0x42 && file[1] === 0x4d;

/** Reads a BMP, or returns null when it is not one this reader understands. */
export function decodeBmp(file: Buffer): DecodedBitmap | null {
  try {
    return decode(file);
  } catch {
    return null;
  }
}

function decode(file: Buffer): DecodedBitmap | null {
  if (!isBmp(file)) return null;
  const dataOffset = file.readUInt32LE(10);
  const headerSize = file.readUInt32LE(14);
  let width: number;
  let rawHeight: number;
  let bpp: number;
  let compression = BI_RGB;
  let colours = 0;
  if (headerSize === 12) {
    // OS/2 BITMAPCOREHEADER: 16-bit sizes, 3-byte palette entries.
    width = file.readUInt16LE(18);
    rawHeight = file.readInt16LE(20);
    bpp = file.readUInt16LE(24);
  } else if (headerSize >= 40) {
    width = file.readInt32LE(18);
    rawHeight = file.readInt32LE(22);
    bpp = file.readUInt16LE(28);
    compression = file.readUInt32LE(30);
    colours = file.readUInt32LE(46);
  } else return null;

  const topDown = rawHeight < 0;
  const height = Math.abs(rawHeight);
  if (width <= 0 || height <= 0 || width * height > MAX_PIXELS) return null;
  if (![1, 4, 8, 16, 24, 32].includes(bpp)) return null;
  if (![BI_RGB, BI_BITFIELDS, BI_ALPHABITFIELDS].includes(compression)) return null;

  // Channel masks: given after a 40-byte header with BI_BITFIELDS, inside larger (V4/V5) headers.
  let masks: [number, number, number, number] | null = null;
  if (bpp === 16 || bpp === 32) {
    if (compression === BI_BITFIELDS || compression === BI_ALPHABITFIELDS) {
      const at = 14 + 40;
      masks = [
        file.readUInt32LE(at),
        file.readUInt32LE(at + 4),
        file.readUInt32LE(at + 8),
        headerSize >= 56 || compression === BI_ALPHABITFIELDS ? file.readUInt32LE(at + 12) : 0,
      ];
    } else if (bpp === 16) masks = [0x7c00, 0x03e0, 0x001f, 0];
  }

  const palette: number[][] = [];
  if (bpp <= 8) {
    const entry = headerSize === 12 ? 3 : 4;
    const count = colours || 1 << bpp;
    const start = 14 + headerSize;
    for (let i = 0; i < count; i++) {
      const at = start + i * entry;
      palette.push([file[at + 2] ?? 0, file[at + 1] ?? 0, file[at] ?? 0]);
    }
  }

  const stride = Math.floor((bpp * width + 31) / 32) * 4;
  if (dataOffset + stride * height > file.length) return null;
  const pixels = Buffer.alloc(width * height * 4);
  // A 32-bit file with no alpha mask, or whose alpha is all zero, is opaque.
  let anyAlpha = false;

  for (let row = 0; row < height; row++) {
    const src = dataOffset + (topDown ? row : height - 1 - row) * stride;
    for (let x = 0; x < width; x++) {
      const out = (row * width + x) * 4;
      let r: number, g: number, b: number;
      let a = 255;
      if (bpp <= 8) {
        const bitPos = x * bpp;
        const byte = file[src + (bitPos >> 3)] ?? 0;
        const index = (byte >> (8 - bpp - (bitPos & 7))) & ((1 << bpp) - 1);
        [r, g, b] = (palette[index] ?? [0, 0, 0]) as [number, number, number];
      } else if (bpp === 24) {
        b = file[src + x * 3] ?? 0;
        g = file[src + x * 3 + 1] ?? 0;
        r = file[src + x * 3 + 2] ?? 0;
      } else if (bpp === 32 && !masks) {
        b = file[src + x * 4] ?? 0;
        g = file[src + x * 4 + 1] ?? 0;
        r = file[src + x * 4 + 2] ?? 0;
        a = file[src + x * 4 + 3] ?? 0;
        if (a) anyAlpha = true;
      } else {
        const value = bpp === 16 ? file.readUInt16LE(src + x * 2) : file.readUInt32LE(src + x * 4);
        const [rm, gm, bm, am] = masks as [number, number, number, number];
        r = channel(value, rm);
        g = channel(value, gm);
        b = channel(value, bm);
        a = am ? channel(value, am) : 255;
        if (am && a) anyAlpha = true;
      }
      pixels[out] = r;
      pixels[out + 1] = g;
      pixels[out + 2] = b;
      pixels[out + 3] = a;
    }
  }
  const hasAlphaChannel = bpp === 32 && (!masks || masks[3] !== 0);
  if (hasAlphaChannel && !anyAlpha) for (let i = 3; i < pixels.length; i += 4) pixels[i] = 255;
  return { width, height, pixels };
}

/** One colour channel scaled to 0-255 from its bit mask. */
function channel(value: number, mask: number): number {
  if (!mask) return 0;
  const m = mask >>> 0;
  let shift = 0;
  while (!((m >>> shift) & 1)) shift++;
  const max = m >>> shift;
  return Math.round((((value >>> 0) & m) >>> shift) * (255 / max));
}
