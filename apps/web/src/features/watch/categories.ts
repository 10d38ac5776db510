import { watch } from '@marquee/contract';

/** Each category's mark on the calendar: a colour class (in _watch.scss) and its short label. */
export const CATEGORY_CLASS: Record<watch.EventCategory, string> = {
  tv: 'mq-cat--tv',
  newmedia: 'mq-cat--newmedia',
  premiere: 'mq-cat--premiere',
  release: 'mq-cat--release',
  other: 'mq-cat--other',
};

export const categoryLabel = (category: watch.EventCategory) => watch.CATEGORY_LABEL[category];

/** 'Wednesday, March 18' without the year, for headings inside the month shown. */
export function dayHeading(day: string): string {
  return watch.dayWithWeekday(day).replace(/, \d{4}$/, '');
}

/** An event's time as the calendar shows it: '7:30pm' or 'All day' for a date only. */
export const timeOf = (e: { time: string }) => e.time || 'All day';
