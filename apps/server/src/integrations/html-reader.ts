/**
 * Just enough HTML reading for the page parsers: elements found by an attribute, their text, meta
 * tags and JSON-LD. Pages are read by their stable test ids, never by generated class names.
 */

export interface FoundElement {
  tag: string;
  /** The opening tag's attributes, as written. */
  attrs: string;
  /** Everything between the opening and the matching closing tag. */
  inner: string;
}

const VOID_TAGS = new Set([
  'area',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'wbr',
]);

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Every element whose attribute `name` equals `value`, or matches it when `value` is a RegExp. */
export function findElements(html: string, name: string, value: string | RegExp): FoundElement[] {
  const valuePattern = typeof value === 'string' ? escapeRegExp(value) : value.source;
  const open = new RegExp(
    `<([a-zA-Z][\\w-]*)((?:\\s[^>]*?)?\\s${escapeRegExp(name)}=(["'])(?:${valuePattern})\\3[^>]*)>`,
    'g',
  );
  const found: FoundElement[] = [];
  for (const m of html.matchAll(open)) {
    const tag = (m[1] ?? '').toLowerCase();
    const attrs = m[2] ?? '';
    const start = (m.index ?? 0) + m[0].length;
    if (VOID_TAGS.has(tag) || attrs.endsWith('/')) {
      found.push({ tag, attrs, inner: '' });
      continue;
    }
    found.push({ tag, attrs, inner: html.slice(start, closingIndex(html, tag, start)) });
  }
  return found;
}

/** Where the element opened just before `from` closes, counting nested elements of the same tag. */
function closingIndex(html: string, tag: string, from: number): number {
  const re = new RegExp(`<(/?)${tag}\\b[^>]*?(/?)>`, 'gi');
  re.lastIndex = from;
  let depth = 1;
  for (let m = re.exec(html); m; m = re.exec(html)) {
    if (m[1] === '/') depth -= 1;
    else if (m[2] !== '/') depth += 1;
    if (depth === 0) return m.index;
  }
  return html.length;
}

/** Matches a class attribute that holds `token` among its classes. */
export function hasClass(token: string): RegExp {
  return new RegExp(`(?:[^"']*\\s)?${escapeRegExp(token)}(?:\\s[^"']*)?`);
}

export function firstElement(html: string, name: string, value: string | RegExp): FoundElement | null {
  return findElements(html, name, value)[0] ?? null;
}

/** The value of one attribute in an opening tag's attribute text. */
export function attribute(attrs: string, name: string): string | null {
  const m = new RegExp(`\\s${escapeRegExp(name)}=(["'])(.*?)\\1`, 's').exec(` ${attrs}`);
  return m ? decodeEntities(m[2] ?? '') : null;
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, body: string) => {
    if (body[0] === '#') {
      const code =
        body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : whole;
    }
    return NAMED[body.toLowerCase()] ?? whole;
  });
}

/** The text a reader sees: no comments, scripts or tags, entities decoded, spaces collapsed. */
export function textOf(fragment: string): string {
  const stripped = fragment
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<[^>]*>/g, ' ');
  return decodeEntities(stripped).replace(/\s+/g, ' ').trim();
}

/** `<meta property|name="key" content="...">` */
export function metaContent(html: string, key: string): string | null {
  for (const attr of ['property', 'name']) {
    const el = firstElement(html, attr, key);
    if (el?.tag === 'meta') return attribute(el.attrs, 'content');
  }
  return null;
}

/** The page's first JSON-LD object, or null when it has none that parses. */
export function jsonLd(html: string): Record<string, unknown> | null {
  const m = /<script[^>]*type=["']application\/ld\+json["'][^>]*>([\s\S]*?)<\/script>/i.exec(html);
  if (!m) return null;
  try {
    const value: unknown = JSON.parse(m[1] ?? '');
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** "1,234" -> 1234; null when there are no digits. */
export function wholeNumber(text: string): number | null {
  const digits = text.replace(/[^\d]/g, '');
  return digits ? Number(digits) : null;
}
