import { z } from 'zod';
import { operation } from './operation.js';
import { idSchema, type YesNo } from './common.js';
import { JOB_TYPES, LOCATIONS } from './directory.js';

// The member profile (spec 2 §2 Profile, §3 Profile user, §7 profile calls).

/** Bio limit: long enough for a short biography, short enough for the profile card. */
export const BIO_MAX = 2000;
/** The bio is shown only when longer than this (spec 2 §2). */
export const BIO_SHOWN_ABOVE = 5;
/** Videos one member may show on their profile (docs/domain.md). */
export const MAX_PROFILE_VIDEOS = 12;

export const DETAILS_UPDATED = 'Your details were successfully updated!';
export const PICTURE_DELETED = 'Your picture was successfully deleted.';
export const USER_BLOCKED = 'You have successfully blocked this user.';
export const USER_UNBLOCKED = 'You have unblocked this member.';
export const PICTURE_MADE_DEFAULT = 'This picture is now your profile photo.';
export const VIDEO_ADDED = 'Your video was added to your profile.';
export const VIDEO_DELETED = 'Your video was removed from your profile.';
export const NO_SUCH_PROFILE = 'This profile is not available.';
export const NO_SUCH_PICTURE = 'That picture is not one of yours.';
export const NO_SUCH_VIDEO = 'That video is not on your profile.';
export const JOBS_IN_ORDER =
  'Please choose your first job title before the second, and the second before the third.';
export const JOBS_REPEATED = 'Please choose each job title only once.';
export const VIDEO_REPEATED = 'This video is already on your profile.';
export const TOO_MANY_VIDEOS = `You can show up to ${MAX_PROFILE_VIDEOS} videos. Remove one before adding another.`;
export const CANNOT_BLOCK_SELF = "You can't block yourself.";

export interface ProfileUser {
  id: number;
  full_name: string;
  first: string;
  /** A one-line description: the job titles, e.g. 'Actor · Writer'. */
  desc: string;
  /** Links-only HTML (D8.1); '' when the bio is 5 characters or fewer (spec 2 §2). */
  bio: string;
  /** The bio as typed, for the owner's Edit modal only ('' for everyone else). */
  bio_text: string;
  location: string;
  job_1: string;
  job_2: string;
  job_3: string;
  /** 'no' when the viewer may not message this member (docs/domain.md). */
  showProfile: YesNo;
  /** 'yes' when the viewer has blocked this member: the page shows only that. */
  blocked: YesNo;
}

export interface ProfilePicture {
  /** The stored name (what makePictureDefault and deletePicture take). */
  name: string;
  url: string;
  thumb: string;
  isDefault: boolean;
  canDelete: boolean;
  canMakeDefault: boolean;
}

export interface ProfileVideo {
  id: number;
  /** The YouTube video id. */
  code: string;
  /** The title, cut at 60 characters (spec 1 §5). */
  name: string;
  /** The player to show in the modal: the simulated player offline (D9), YouTube's otherwise. */
  embed_url: string;
  /** A still of the video, or null when the video service has none to offer (the simulated one). */
  thumbnail: string | null;
  canDelete: boolean;
}

/** What the viewer may do on this profile (the page shows a control only when the server says so). */
export interface ProfileAbilities {
  isOwn: boolean;
  canEdit: boolean;
  canAddPhoto: boolean;
  /** Why a photo can't be added ('' when it can). */
  addPhotoRefusal: string;
  canAddVideo: boolean;
  canBlock: boolean;
  canUnblock: boolean;
}

export interface UserDetails {
  status: 'success';
  user: ProfileUser;
  images: ProfilePicture[];
  /** Address of the default photo, or null for the no-photo image. */
  default_pic: string | null;
  videos: ProfileVideo[];
  abilities: ProfileAbilities;
}

const userIdInput = z.object({ user_id: idSchema('member id') });

/** profile/fetchUserDetails (spec 2 §7). */
export const fetchUserDetails = operation<UserDetails>()({
  method: 'POST',
  path: 'profile/fetchUserDetails',
  audience: 'member',
  input: userIdInput,
});

const JOB_TITLES = JOB_TYPES.map((t) => t.job_title);
const jobField = z
  .string({ error: 'Please choose a job title from the list.' })
  .trim()
  .default('')
  .refine((v) => v === '' || JOB_TITLES.includes(v), { error: 'Please choose a job title from the list.' });

/** profile/updateUserDetails (multipart, spec 2 §7); jobs in order (spec 2 §5). */
export const updateUserDetails = operation<{ status: 'success'; message: string }>()({
  method: 'POST',
  path: 'profile/updateUserDetails',
  audience: 'member',
  input: z
    .object({
      location: z
        .string({ error: 'Please choose a location from the list.' })
        .trim()
        .default('')
        .refine((v) => v === '' || LOCATIONS.includes(v), {
          error: 'Please choose a location from the list.',
        }),
      job_1: jobField,
      job_2: jobField,
      job_3: jobField,
      bio: z
        .string({ error: 'Please write your bio as text.' })
        .trim()
        .max(BIO_MAX, { error: `Please keep your bio to ${BIO_MAX.toLocaleString('en-US')} characters.` })
        .default(''),
    })
    .superRefine((v, ctx) => {
      if ((v.job_2 && !v.job_1) || (v.job_3 && !v.job_2))
        ctx.addIssue({ code: 'custom', message: JOBS_IN_ORDER });
      const chosen = [v.job_1, v.job_2, v.job_3].filter(Boolean);
      if (new Set(chosen).size !== chosen.length) ctx.addIssue({ code: 'custom', message: JOBS_REPEATED });
    }),
});

/** profile/fetchUserPictures (spec 2 §7). */
export const fetchUserPictures = operation<{
  status: 'success';
  pictures: ProfilePicture[];
  canAddPhoto: boolean;
  addPhotoRefusal: string;
}>()({
  method: 'POST',
  path: 'profile/fetchUserPictures',
  audience: 'member',
  input: userIdInput,
});

const imageInput = z.object({
  image: z
    .string({ error: 'Please choose a picture.' })
    .trim()
    .min(1, { error: 'Please choose a picture.' })
    .max(200, { error: 'Please choose a picture.' }),
});

/** profile/makePictureDefault (spec 2 §7): own pictures only. */
export const makePictureDefault = operation<{ status: 'success'; message: string }>()({
  method: 'POST',
  path: 'profile/makePictureDefault',
  audience: 'member',
  input: imageInput,
});

/** profile/deletePicture (spec 2 §7): own pictures only; the default moves to another photo or none. */
export const deletePicture = operation<{ status: 'success'; message: string; default_pic: string | null }>()({
  method: 'POST',
  path: 'profile/deletePicture',
  audience: 'member',
  input: imageInput,
});

/** profile/blockUser (spec 2 §7): each is hidden from the other everywhere (D4.1). */
export const blockUser = operation<{ status: 'success'; message: string }>()({
  method: 'POST',
  path: 'profile/blockUser',
  audience: 'member',
  input: userIdInput,
});

/** profile/unblockUser: undoes a block from the blocked member's profile (docs/domain.md). */
export const unblockUser = operation<{ status: 'success'; message: string }>()({
  method: 'POST',
  path: 'profile/unblockUser',
  audience: 'member',
  input: userIdInput,
});

/** A member in brief, for hover cards (spec 2 §7 fetchUserSnippet; shape chosen in docs/domain.md). */
export interface UserSnippet {
  id: number;
  full_name: string;
  desc_line: string;
  /** 80 px thumbnail, or null for the no-photo image. */
  avatar: string | null;
  location: string;
  jobs: string[];
  profile_url: string;
}

export const fetchUserSnippet = operation<{ status: 'success'; snippet: UserSnippet }>()({
  method: 'POST',
  path: 'profile/fetchUserSnippet',
  audience: 'member',
  input: userIdInput,
});

/** profile/addVideo: a YouTube link, checked against the video service (spec 1 §5). */
export const addVideo = operation<{ status: 'success'; message: string; video: ProfileVideo }>()({
  method: 'POST',
  path: 'profile/addVideo',
  audience: 'member',
  input: z.object({
    url: z
      .string({ error: 'Please paste a YouTube link.' })
      .trim()
      .min(1, { error: 'Please paste a YouTube link.' })
      .max(300, { error: 'That link is too long to be a YouTube link.' }),
  }),
});

/** profile/deleteVideo: own videos only. */
export const deleteVideo = operation<{ status: 'success'; message: string }>()({
  method: 'POST',
  path: 'profile/deleteVideo',
  audience: 'member',
  input: z.object({ video_id: idSchema('video') }),
});
