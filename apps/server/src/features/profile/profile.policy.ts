import { profile as contract, uploads, type Membership, type YesNo } from '@marquee/contract';
import { mayAddPhoto } from '../uploads/index.js';

/** What the rules need to know about a profile and the member looking at it. */
export interface ProfileFacts {
  viewerId: number;
  viewerMembership: Membership;
  target: { id: number; kind: string; status: string };
  /** The viewer blocked this member. */
  viewerBlocked: boolean;
  /** This member blocked the viewer. */
  blockedViewer: boolean;
  /** This member has written to the viewer, so a free viewer could reply (spec 2 §5). */
  theyWrote: boolean;
}

/**
 * Whether the profile is shown: system accounts (D2.1, ids below 1000) have no profile page;
 * deactivated and deleted members are not found (D2.5); a member who blocked the viewer is not
 * found either (D4.1), so nobody learns they were blocked. A member the viewer blocked shows as
 * 'blocked' (name only), so the block can be undone.
 */
export function profileVisibility(f: ProfileFacts): 'hidden' | 'blocked' | 'shown' {
  const t = f.target;
  if (t.id < 1000 || t.kind !== 'member' || t.status !== 'active') return 'hidden';
  if (f.blockedViewer) return 'hidden';
  if (f.viewerBlocked) return 'blocked';
  return 'shown';
}

/**
 * showProfile (spec 2 §3): 'yes' when the viewer may message this member: not their own profile,
 * no block either way (D4.1), a member account (D2.1), and, for a free viewer, a conversation this
 * member started (free members cannot start threads, spec 2 §5).
 */
export function showProfileOf(f: ProfileFacts): YesNo {
  if (f.viewerId === f.target.id || profileVisibility(f) !== 'shown') return 'no';
  if (f.viewerMembership === 'free' && !f.theyWrote) return 'no';
  return 'yes';
}

export const isOwn = (f: ProfileFacts) => f.viewerId === f.target.id;

/** The one-line description of a member: their job titles. */
export const descOf = (jobs: (string | null | undefined)[]) => jobs.filter(Boolean).join(' · ');

/** Why the owner can't add a photo now ('' when they can): the free two-photo limit (spec 2 §5, §6). */
export function addPhotoRefusal(membership: Membership, photoCount: number): string {
  return mayAddPhoto(membership, photoCount) ? '' : uploads.FREE_PHOTOS_FULL;
}

/** The bio as shown: only when longer than 5 characters (spec 2 §2). */
export const bioShown = (bio: string | null) =>
  bio && bio.trim().length > contract.BIO_SHOWN_ABOVE ? bio.trim() : '';

/** A profile photo as the page shows it, with what the viewer may do to it. */
export function presentPicture(
  name: string,
  defaultPic: string | null,
  own: boolean,
): contract.ProfilePicture {
  const isDefault = name === defaultPic;
  return {
    name,
    url: uploads.pictureUrl(name) as string,
    thumb: uploads.pictureUrl(name, 80) as string,
    isDefault,
    canDelete: own,
    canMakeDefault: own && !isDefault,
  };
}
