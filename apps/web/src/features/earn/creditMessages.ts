import { earn } from '@marquee/contract';

/**
 * The success toasts after a credit (spec 1 §8): 'Success! You got credited for that View.' for an
 * IMDb view, 'You earned N points!' otherwise, and 'You earned 10 more Daily Actions!' when a
 * sponsored action raised today's cap.
 */
export function creditMessages(
  type: earn.ListingType,
  credit: { points_earned: number; limit_raised?: 'yes' | 'no' },
): string[] {
  const messages = [
    type === 'imdb-view' ? earn.MESSAGES.correctAnswer : earn.MESSAGES.earned(credit.points_earned),
  ];
  if (credit.limit_raised === 'yes') messages.push(earn.MESSAGES.limitRaised);
  return messages;
}
