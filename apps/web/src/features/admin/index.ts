/**
 * The admin feature's public entry (the boundary rule, docs/architecture.md "Boundaries"): the frame
 * that every admin page, the help desk's included, shows inside.
 */
export { AdminLayout } from './AdminLayout';
