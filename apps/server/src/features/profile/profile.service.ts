import { profile as contract, uploads, type Membership } from '@marquee/contract';
import type { AppDeps } from '../../platform/deps.js';
import type { Caller } from '../../platform/auth.js';
import { forbidden, notFound } from '../../platform/errors.js';
import { linksOnlyHtml } from '../../platform/text.js';
import { findMember } from '../members/index.js';
import { membershipOf } from '../membership/index.js';
import { imagesOf } from '../uploads/index.js';
import {
  addPhotoRefusal,
  bioShown,
  descOf,
  isOwn,
  presentPicture,
  profileVisibility,
  showProfileOf,
  type ProfileFacts,
} from './profile.policy.js';
import { presentVideo } from './videos.service.js';
import {
  deleteBlock,
  insertBlock,
  profileRow,
  updateDetails,
  videosOf,
  type ProfileRow,
} from './profile.repo.js';

/** The viewer's membership level, derived as D2.3 says. */
export async function membershipOfCaller(deps: AppDeps, caller: Caller): Promise<Membership> {
  const me = await findMember(deps.db, caller.userId);
  if (!me) throw notFound(contract.NO_SUCH_PROFILE);
  return membershipOf(me, deps.clock.now()).membership;
}

/** A member as the viewer may see them, with the facts the rules need; not found when hidden (D2.1, D2.5, D4.1). */
async function lookAt(deps: AppDeps, caller: Caller, userId: number) {
  const [row, viewerMembership] = await Promise.all([
    profileRow(deps.db, caller.userId, userId),
    membershipOfCaller(deps, caller),
  ]);
  if (!row) throw notFound(contract.NO_SUCH_PROFILE);
  const facts: ProfileFacts = {
    viewerId: caller.userId,
    viewerMembership,
    target: row,
    viewerBlocked: row.viewerBlocked,
    blockedViewer: row.blockedViewer,
    theyWrote: row.theyWrote,
  };
  const visibility = profileVisibility(facts);
  if (visibility === 'hidden') throw notFound(contract.NO_SUCH_PROFILE);
  return { row, facts, visibility };
}

const jobsOf = (row: ProfileRow) => [row.job1, row.job2, row.job3].filter((j): j is string => Boolean(j));

/** profile/fetchUserDetails (spec 2 §7): the profile page's one read. */
export async function fetchUserDetails(
  deps: AppDeps,
  caller: Caller,
  userId: number,
): Promise<contract.UserDetails> {
  const { row, facts, visibility } = await lookAt(deps, caller, userId);
  const own = isOwn(facts);
  const base = {
    id: row.id,
    full_name: `${row.first} ${row.last}`.trim(),
    first: row.first,
  };
  const noAbilities: contract.ProfileAbilities = {
    isOwn: own,
    canEdit: false,
    canAddPhoto: false,
    addPhotoRefusal: '',
    canAddVideo: false,
    canBlock: false,
    canUnblock: false,
  };
  if (visibility === 'blocked') {
    // D4.1: a member you blocked shows only their name and the way to undo the block.
    return {
      status: 'success',
      user: {
        ...base,
        desc: '',
        bio: '',
        bio_text: '',
        location: '',
        job_1: '',
        job_2: '',
        job_3: '',
        showProfile: 'no',
        blocked: 'yes',
      },
      images: [],
      default_pic: null,
      videos: [],
      abilities: { ...noAbilities, canUnblock: true },
    };
  }
  const [images, videos] = await Promise.all([
    imagesOf(deps.db, row.id, 'profiles'),
    videosOf(deps.db, row.id),
  ]);
  const refusal = own ? addPhotoRefusal(facts.viewerMembership, images.length) : '';
  return {
    status: 'success',
    user: {
      ...base,
      desc: descOf(jobsOf(row)),
      bio: linksOnlyHtml(bioShown(row.bio)),
      bio_text: own ? (row.bio ?? '') : '',
      location: row.location ?? '',
      job_1: row.job1 ?? '',
      job_2: row.job2 ?? '',
      job_3: row.job3 ?? '',
      showProfile: showProfileOf(facts),
      blocked: 'no',
    },
    // Newest first: a fresh upload appears at the start of the gallery.
    images: images.reverse().map((img) => presentPicture(img.name, row.defaultPic, own)),
    default_pic: uploads.pictureUrl(row.defaultPic),
    videos: videos.map((v) => presentVideo(deps, v, own)),
    abilities: {
      ...noAbilities,
      canEdit: own,
      canAddPhoto: own && !refusal,
      addPhotoRefusal: refusal,
      canAddVideo: own,
      canBlock: !own,
    },
  };
}

/** profile/updateUserDetails (spec 2 §7): location, jobs in order and bio; validated by the contract. */
export async function updateUserDetails(
  deps: AppDeps,
  caller: Caller,
  input: { location: string; job_1: string; job_2: string; job_3: string; bio: string },
) {
  await updateDetails(deps.db, caller.userId, {
    location: input.location,
    job1: input.job_1,
    job2: input.job_2,
    job3: input.job_3,
    bio: input.bio,
  });
  return { status: 'success' as const, message: contract.DETAILS_UPDATED };
}

/** profile/fetchUserSnippet: a member in brief for hover cards, under the same visibility as the profile. */
export async function fetchUserSnippet(deps: AppDeps, caller: Caller, userId: number) {
  const { row, visibility } = await lookAt(deps, caller, userId);
  if (visibility !== 'shown') throw notFound(contract.NO_SUCH_PROFILE);
  const jobs = jobsOf(row);
  const snippet: contract.UserSnippet = {
    id: row.id,
    full_name: `${row.first} ${row.last}`.trim(),
    desc_line: descOf(jobs),
    avatar: uploads.pictureUrl(row.defaultPic, 80),
    location: row.location ?? '',
    jobs,
    profile_url: `/profile/${row.id}`,
  };
  return { status: 'success' as const, snippet };
}

/** profile/blockUser (spec 2 §7): from now on each is hidden from the other everywhere (D4.1). */
export async function blockUser(deps: AppDeps, caller: Caller, userId: number) {
  if (userId === caller.userId) throw forbidden(contract.CANNOT_BLOCK_SELF);
  const row = await profileRow(deps.db, caller.userId, userId);
  // System accounts (D2.1) and members no longer active (D2.5) have no profile to block from.
  if (!row || row.id < 1000 || row.kind !== 'member' || row.status !== 'active') {
    throw notFound(contract.NO_SUCH_PROFILE);
  }
  await insertBlock(deps.db, caller.userId, userId, deps.clock.now());
  return { status: 'success' as const, message: contract.USER_BLOCKED };
}

/** profile/unblockUser: undoes the viewer's own block only; the other member's block stays. */
export async function unblockUser(deps: AppDeps, caller: Caller, userId: number) {
  await deleteBlock(deps.db, caller.userId, userId);
  return { status: 'success' as const, message: contract.USER_UNBLOCKED };
}
