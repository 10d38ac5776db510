import type { Db } from '../platform/db/database.js';
import { instagramCountsOf } from './generated.js';
import { instagramMissingPage, instagramProfilePage } from './instagram.pages.js';
import * as repo from './sim.repo.js';

/**
 * A simulated Instagram profile page as a visitor gets it: the profile of the catalogue or the one
 * made up from its handle (rule P1), its followers those who really clicked Follow here; a removed
 * or malformed one is the page Instagram serves for a missing profile, with 404 (rule P3).
 */
export async function instagramPage(
  db: Db,
  handle: string,
  viewer: { me: string | null; here: string } = { me: null, here: `/sim/instagram/${handle}` },
): Promise<{ status: 200 | 404; page: string; handle: string | null }> {
  const profile = await repo.profile(db, 'instagram', handle);
  if (!profile) return { status: 404, page: instagramMissingPage(), handle: null };
  const base = instagramCountsOf(profile.handle);
  const counts = {
    ...base,
    followers: base.followers + (await repo.followersOf(db, 'instagram', profile.handle)),
  };
  const active = viewer.me ? await repo.hasClicked(db, 'instagram', viewer.me, profile.handle) : false;
  return {
    status: 200,
    page: instagramProfilePage(profile, counts, viewer.me, active, viewer.here),
    handle: profile.handle,
  };
}
