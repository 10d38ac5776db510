import { and, eq } from 'drizzle-orm';
import type { Db } from '../platform/db/database.js';
import { HOUR_MS } from '../platform/time.js';
import { listings } from '../features/listings/listings.tables.js';
import { answerMisses, imdbFacts } from '../features/earn/earn.tables.js';
import { titlePageFor, type CatalogueListing } from '../simulated/catalogue.js';

/**
 * The admin console's queues in the demo (docs/domain.md AL4, AL5): one IMDb title listing paused for a
 * credit update after members answered a runtime the site did not hold, and one Facebook page waiting
 * for review. Their simulated pages are served like every other listing's.
 */
const OWNER_OF_TITLE = 9;
const OWNER_OF_PAGE = 12;
const TITLE_NAME = 'Harbor Lights';
const PAGE_HANDLE = 'harborlightsfilm';

/** A title code whose simulated page lists a runtime (some list none). */
function titleWithRuntime(): { code: string; runtime: number } {
  for (let n = 8_812_345; ; n += 1) {
    const code = `tt${n}`;
    const runtime = titlePageFor(code, TITLE_NAME).runtimeMinutes;
    if (runtime != null) return { code, runtime };
  }
}

/** The two listings, for the demo's listings and its simulated catalogue. */
export function demoQueueListings(ids: number[], now: number) {
  const { code } = titleWithRuntime();
  const createdAt = new Date(now - 30 * 24 * HOUR_MS);
  const rows: (typeof listings.$inferInsert)[] = [
    {
      userId: ids[OWNER_OF_TITLE] as number,
      type: 'imdb-view',
      platform: 'imdb',
      name: TITLE_NAME,
      url: `https://www.imdb.com/title/${code}/`,
      externalId: code,
      give: 15,
      pageCategory: 4,
      imdbType: 'title',
      status: 'disabled',
      statusReason: 'credit_update',
      createdAt,
    },
    {
      userId: ids[OWNER_OF_PAGE] as number,
      type: 'facebook-like',
      platform: 'facebook',
      name: 'Harbor Lights Film',
      url: `https://www.facebook.com/${PAGE_HANDLE}`,
      externalId: PAGE_HANDLE,
      give: 10,
      status: 'pending',
      statusReason: 'page_review',
      createdAt: new Date(now - 5 * HOUR_MS),
    },
  ];
  const catalogue: CatalogueListing[] = rows.map((r) => ({
    platform: r.platform,
    url: r.url,
    externalId: r.externalId,
    name: r.name,
    imdbType: r.imdbType ?? null,
  }));
  return { rows, catalogue };
}

/**
 * Once the catalogue holds the title's page: the site's answer is out of date (the page was edited),
 * and five members answered the runtime the page now shows, or one minute off.
 */
export async function seedDemoCreditUpdate(tx: Db, ids: number[], now: number) {
  const { code, runtime } = titleWithRuntime();
  await tx
    .update(imdbFacts)
    .set({ value: runtime - 9 })
    .where(and(eq(imdbFacts.pageCode, code), eq(imdbFacts.question, 'runtime')));
  const [listing] = await tx.select({ id: listings.id }).from(listings).where(eq(listings.externalId, code));
  const answers = [runtime, runtime, runtime + 1, runtime, runtime];
  await tx.insert(answerMisses).values(
    answers.map((answer, i) => ({
      listingId: listing!.id,
      earnerId: ids[20 + i] as number,
      question: 'runtime',
      answer,
      createdAt: new Date(now - (10 - i) * HOUR_MS),
    })),
  );
}
