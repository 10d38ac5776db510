// The community's public entry (docs/architecture.md, Boundaries): the frame of its pages.
export { CommunityLayout } from './CommunityLayout';
