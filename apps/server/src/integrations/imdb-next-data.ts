/**
 * What an IMDb page says about itself in its `__NEXT_DATA__` JSON (the pages IMDb has rendered with
 * Next.js since late 2021, docs/integrations.md I2). The JSON also holds the related titles ("More like
 * this"), the known-for titles and the trailers, each with its own runtime or rank, so every fact is
 * taken only from the objects whose `id` is the page's own code, never from the first runtime found.
 */

export interface ImdbNextFacts {
  /** An object with the page's own id was found: the JSON describes this page. */
  found: boolean;
  name: string | null;
  runtimeMinutes: number | null;
  /** Credits per category; null when the JSON holds no credit summary. */
  credits: Record<string, number> | null;
  starmeter: number | null;
  imageUrl: string | null;
}

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Reads a nested field without trusting the shape. */
function at(value: unknown, ...path: string[]): unknown {
  let v = value;
  for (const key of path) {
    if (!isObject(v)) return undefined;
    v = v[key];
  }
  return v;
}

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/**
 * Every object in the JSON with the page's own id, the shallowest first (the page's above-the-fold and
 * main-column data come before anything nested in related titles).
 */
function ownObjects(data: unknown, code: string): Json[] {
  const found: Json[] = [];
  let level: unknown[] = [data];
  for (let depth = 0; level.length > 0 && depth < 64; depth += 1) {
    const next: unknown[] = [];
    for (const value of level) {
      if (Array.isArray(value)) next.push(...value);
      else if (isObject(value)) {
        if (value.id === code) found.push(value);
        next.push(...Object.values(value));
      }
    }
    level = next;
  }
  return found;
}

/** The first value `pick` finds among the page's own objects. */
function firstOf<T>(own: Json[], pick: (o: Json) => T | null): T | null {
  for (const o of own) {
    const v = pick(o);
    if (v !== null) return v;
  }
  return null;
}

/** 'Music Department' -> 'music_department': the category keys the listings use. */
export function categoryKey(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

function addTo(out: Record<string, number>, key: string | null, n: number | null) {
  if (!key || n === null) return;
  out[key] = (out[key] ?? 0) + n;
}

/**
 * Late 2025 layout: `groupings` lists every credit category with its total; categories are named by
 * opaque ids that the page maps to the classic ones in `newCreditCategoryIdToOldCategoryIdObject`.
 */
function creditsFromGroupings(own: Json[], data: unknown): Record<string, number> | null {
  const holder = own.find((o) => Array.isArray(at(o, 'groupings', 'edges')));
  if (!holder) return null;
  const map =
    firstOf([holder, ...own], (o) => {
      const m = o.newCreditCategoryIdToOldCategoryIdObject;
      return isObject(m) ? m : null;
    }) ?? findKey(data, 'newCreditCategoryIdToOldCategoryIdObject');
  const out: Record<string, number> = {};
  for (const edge of list(at(holder, 'groupings', 'edges'))) {
    const grouping = at(edge, 'node', 'grouping');
    const id = str(at(grouping, 'groupingId'));
    const text = str(at(grouping, 'text'));
    const key = (id && map ? str(map[id]) : null) ?? (text ? categoryKey(text) : null);
    addTo(out, key, num(at(edge, 'node', 'credits', 'total')));
  }
  return out;
}

/** Early 2025 layout: `jobs` lists every credit category ({category: {id, text}, credits: {total}}). */
function creditsFromJobs(own: Json[]): Record<string, number> | null {
  const holder = own.find((o) => Array.isArray(o.jobs));
  if (!holder) return null;
  const out: Record<string, number> = {};
  for (const job of list(holder.jobs)) {
    const id = str(at(job, 'category', 'id'));
    const text = str(at(job, 'category', 'text'));
    addTo(out, id ? categoryKey(id) : text ? categoryKey(text) : null, num(at(job, 'credits', 'total')));
  }
  return out;
}

/** Without a full list: the released and unreleased credits of the primary categories, added up. */
function creditsFromPrimary(own: Json[]): Record<string, number> | null {
  const holder = own.find((o) => Array.isArray(o.releasedPrimaryCredits));
  if (!holder) return null;
  const out: Record<string, number> = {};
  for (const group of [...list(holder.releasedPrimaryCredits), ...list(holder.unreleasedPrimaryCredits)]) {
    const id = str(at(group, 'category', 'id'));
    addTo(out, id ? categoryKey(id) : null, num(at(group, 'credits', 'total')));
  }
  return out;
}

function nameCredits(own: Json[], data: unknown): Record<string, number> | null {
  const groupings = creditsFromGroupings(own, data);
  if (groupings) return groupings;
  const jobs = creditsFromJobs(own);
  const primary = creditsFromPrimary(own);
  // `jobs` has listed the primary categories too; should a page list only the others there, the
  // primary ones still count from their released and upcoming lists.
  return jobs || primary ? { ...primary, ...jobs } : null;
}

/** The first value of a key anywhere in the JSON (the category map may sit beside the credits). */
function findKey(data: unknown, key: string): Json | null {
  const stack: unknown[] = [data];
  while (stack.length > 0) {
    const value = stack.pop();
    if (Array.isArray(value)) stack.push(...value);
    else if (isObject(value)) {
      if (isObject(value[key])) return value[key];
      stack.push(...Object.values(value));
    }
  }
  return null;
}

/** Reads the facts of page `code` from its parsed `__NEXT_DATA__`; `found` is false when the JSON is not about it. */
export function readImdbNextData(data: unknown, code: string): ImdbNextFacts {
  const own = ownObjects(data, code);
  const runtimeSeconds = firstOf(own, (o) => num(at(o, 'runtime', 'seconds')));
  return {
    found: own.length > 0,
    name: firstOf(own, (o) => str(at(o, 'titleText', 'text')) ?? str(at(o, 'nameText', 'text'))),
    runtimeMinutes: runtimeSeconds === null ? null : Math.round(runtimeSeconds / 60),
    credits: code.startsWith('nm') ? nameCredits(own, data) : null,
    starmeter: firstOf(own, (o) => num(at(o, 'meterRanking', 'currentRank'))),
    imageUrl: firstOf(own, (o) => str(at(o, 'primaryImage', 'url'))),
  };
}
