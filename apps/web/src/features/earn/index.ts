/**
 * The earn feature's public entry: what other features may use of it (the boundary rule,
 * docs/architecture.md "Boundaries"). Everything else in this folder is the feature's own.
 */
export { EarnList } from './EarnList';
export { Countdown, EarnListFrame, ListingCards, useHideRefresh } from './EarnListFrame';
export type { LoadedListProps, StartedCard } from './EarnListFrame';
export { NoListingsNotice, Notice, TimedOutNotice } from './ListNotices';
export { earnListingsQuery } from './api';
export { showErrorText } from './notify';
export { openListingWindow, POPUP_BLOCKED } from './popup';
export { countdownAnnouncement, countdownAt } from './timing';
export { useNow } from './useNow';
