import { z } from 'zod';
import { operation } from './operation.js';

/** The home page's carousel of featured members: 8 s a slide, 0.5 s to change (spec 1 §9). */
export const CAROUSEL = { slideMs: 8_000, transitionMs: 500 } as const;

/** Spec 1 §3 "Featured member". */
export interface FeaturedMember {
  id: number;
  full_name: string;
  desc_line: string;
  /** Picture addresses; empty for the no-photo image. */
  images: string[];
}

/** The day's featured members (spec 1 §7, D8.3), for the home page's carousel. */
export const fetchFeaturedMembers = operation<{ status: 'success'; users: FeaturedMember[] }>()({
  method: 'GET',
  path: 'home/fetchFeaturedMembers',
  audience: 'member',
  input: z.object({}),
});
