import type { FastifyInstance } from 'fastify';
import { autocomplete, uploads } from '@marquee/contract';
import { serve } from '../../platform/route.js';
import { searchMembers } from './members.repo.js';
import { searchTerms } from './members.policy.js';

/** autocomplete/users/?q= (spec 1 §7, spec 2 §7): a bare array, or the single '00' entry when nobody matches. */
export function membersRoutes(app: FastifyInstance) {
  serve(app, autocomplete.users, async ({ deps, caller, input }) => {
    const terms = searchTerms(input.q);
    const found = terms
      ? await searchMembers(deps.db, { callerId: caller.userId, terms, limit: autocomplete.MAX_MATCHES })
      : [];
    if (!found.length) return [{ id: autocomplete.NO_MATCH_ID, value: autocomplete.NO_MATCH_TEXT }];
    return found.map((m) => ({
      id: String(m.id),
      value: `${m.first} ${m.last}`.trim(),
      avatar: uploads.pictureUrl(m.avatar, 80),
    }));
  });
}
