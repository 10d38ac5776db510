import { toast } from 'react-toastify';
import type { points } from '@marquee/contract';
import { ApiError } from '../app/api';

/**
 * The one toast helper. Error toasts show the server's message (spec 1 §8); a failure with no
 * answer at all is only logged (spec 4 §8), and an ended session needs no toast: the page reloads.
 */
export function showError(error: unknown): void {
  if (error instanceof ApiError) {
    if (error.isNetworkError || error.isLoggedOut) {
      console.warn('Marquee:', error.message);
      return;
    }
    toast.error(error.message);
    return;
  }
  if (error instanceof DOMException && error.name === 'AbortError') return;
  console.error(error);
  toast.error('Something went wrong. Please try again.');
}

export function showSuccess(message: string): void {
  toast.success(message);
}

/** Information the member should read before it goes: it stays until closed (spec 4 §7). */
export function showInfo(message: string): void {
  toast.info(message, { autoClose: false });
}

export function showWarning(message: string): void {
  toast.warning(message);
}

/** A server-chosen toast, such as the point balance's `toasty`. */
export function showToasty(toasty: points.Toasty): void {
  if (toasty.type === 'error') toast.error(toasty.message);
  else if (toasty.type === 'info') showInfo(toasty.message);
  else if (toasty.type === 'warning') showWarning(toasty.message);
  else showSuccess(toasty.message);
}
