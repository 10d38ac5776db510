/**
 * Opens the listing's page in a new window, in the click itself so that pop-up blockers allow it.
 * Returns false when the browser blocked the window (spec 1 §8: the member is told so).
 */
export function openListingWindow(url: string, listingId: number): boolean {
  const opened = window.open(url, `marquee-listing-${listingId}`);
  if (!opened) return false;
  try {
    opened.opener = null;
  } catch {
    // A window on another site may refuse; it then keeps its opener, which is harmless here.
  }
  return true;
}

export const POPUP_BLOCKED =
  'Your browser is blocking the new window. Please check your ad blocker or pop-up blocker and allow pop-ups from Marquee, or open the page with the link below.';
