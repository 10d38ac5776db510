/**
 * What other features use of uploads: the one image pipeline, the image records, the photo limit
 * and the storage (docs/domain.md "Uploads and pictures", M1-M5). The routes are mounted by app.ts.
 */
export { storeImage, removeImages, removeImageFiles, type ImageFolder } from './uploads.service.js';
export { findImage, imagesOf, deleteImageRows, type ImageRow } from './uploads.repo.js';
export { mayAddPhoto } from './uploads.policy.js';
export { storageFor, storageKey, imageOrigin, type ImageStorage } from './storage.js';
