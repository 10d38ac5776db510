/**
 * The profile feature's public entry: what other features may use of it (the boundary rule,
 * docs/architecture.md "Boundaries"). Everything else in this folder is the feature's own.
 */
export { DetailsFields, draftOf, useDetailsForm } from './DetailsFields';
export type { DetailsDraft } from './DetailsFields';
export { profileQuery, selectionOptionsQuery, uploadPhoto } from './api';
