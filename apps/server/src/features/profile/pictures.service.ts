import { profile as contract, uploads } from '@marquee/contract';
import type { AppDeps } from '../../platform/deps.js';
import type { Caller } from '../../platform/auth.js';
import { forbidden, notFound } from '../../platform/errors.js';
import { deleteImageRows, findImage, imagesOf } from '../uploads/index.js';
import { withKeyLocked } from '../../platform/rate-limit.js';
import { removeImageFiles, storeImage } from '../uploads/index.js';
import { mayAddPhoto } from '../uploads/index.js';
import { membershipOfCaller, fetchUserDetails } from './profile.service.js';
import {
  defaultPicOf,
  deletePhotoRow,
  newestOtherPhoto,
  setDefaultPic,
  setDefaultPicIfNone,
} from './profile.repo.js';

const FOLDER = 'profiles';

/**
 * uploads/ with folder 'profiles': a new profile photo (BMP allowed for the headshot, spec 2 §5).
 * Free members may add one only while they have fewer than 2 (spec 2 §5, §6); the first photo
 * becomes the default.
 */
export async function addProfilePhoto(
  deps: AppDeps,
  caller: Caller,
  file: Buffer,
): Promise<{ name: string }> {
  const membership = await membershipOfCaller(deps, caller);
  const before = await imagesOf(deps.db, caller.userId, FOLDER);
  if (!mayAddPhoto(membership, before.length)) throw forbidden(uploads.FREE_PHOTOS_FULL);
  const { name } = await storeImage(deps, { ownerId: caller.userId, folder: FOLDER, file, allowBmp: true });
  // Uploads at once all pass the check above: under the member's key (L2) each then counts the
  // photos stored so far, its own included, and one over the limit takes itself back.
  const kept = await withKeyLocked(deps.db, `photos:${caller.userId}`, async (tx) => {
    if (mayAddPhoto(membership, (await imagesOf(tx, caller.userId, FOLDER)).length - 1)) return true;
    await deleteImageRows(tx, [name]);
    return false;
  });
  if (!kept) {
    await removeImageFiles(deps, [name]);
    throw forbidden(uploads.FREE_PHOTOS_FULL);
  }
  await setDefaultPicIfNone(deps.db, caller.userId, name);
  return { name };
}

/** profile/fetchUserPictures (spec 2 §7): the member's photos, under the profile's visibility (D4.1). */
export async function fetchUserPictures(deps: AppDeps, caller: Caller, userId: number) {
  const details = await fetchUserDetails(deps, caller, userId);
  return {
    status: 'success' as const,
    pictures: details.images,
    canAddPhoto: details.abilities.canAddPhoto,
    addPhotoRefusal: details.abilities.addPhotoRefusal,
  };
}

/** One of the caller's own profile photos, or the refusal: not found, or not theirs. */
async function ownPicture(deps: AppDeps, caller: Caller, name: string) {
  const image = await findImage(deps.db, name);
  if (!image || image.folder !== FOLDER) throw notFound(contract.NO_SUCH_PICTURE);
  if (image.ownerId !== caller.userId) throw forbidden(contract.NO_SUCH_PICTURE);
  return image;
}

/** profile/makePictureDefault (spec 2 §7): own photos only. */
export async function makePictureDefault(deps: AppDeps, caller: Caller, name: string) {
  await ownPicture(deps, caller, name);
  await setDefaultPic(deps.db, caller.userId, name);
  return { status: 'success' as const, message: contract.PICTURE_MADE_DEFAULT };
}

/**
 * profile/deletePicture (spec 2 §7): own photos only. Deleting the default makes the newest other
 * photo the default, or none; the files leave the storage once the row is gone.
 */
export async function deletePicture(deps: AppDeps, caller: Caller, name: string) {
  const image = await ownPicture(deps, caller, name);
  const nextDefault = await deps.db.transaction(async (tx) => {
    await deletePhotoRow(tx, image.id);
    const defaultPic = await defaultPicOf(tx, caller.userId);
    if (defaultPic !== name) return defaultPic;
    const next = await newestOtherPhoto(tx, caller.userId, FOLDER, image.id);
    await setDefaultPic(tx, caller.userId, next);
    return next;
  });
  await removeImageFiles(deps, [name]);
  return {
    status: 'success' as const,
    message: contract.PICTURE_DELETED,
    default_pic: uploads.pictureUrl(nextDefault),
  };
}
