import { ApiError } from '../../app/api';
import { showError } from '../../ui/toast';

/** An error toast with the spec's own words, through the one toast helper. */
export function showErrorText(message: string): void {
  showError(new ApiError(message, 'error', 400));
}
