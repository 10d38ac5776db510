import { news } from '@marquee/contract';

/** Characters left (spec 1 §5): a warning under 10 remaining, "exceeded" below 0. */
export function CharacterCounter({
  id,
  length,
  max,
  min,
}: {
  id: string;
  length: number;
  max: number;
  min: number;
}) {
  const left = max - length;
  const state = left < 0 ? 'is-over' : left < news.COUNTER_WARN_BELOW ? 'is-warn' : '';
  const words =
    left < 0
      ? `${-left} character${left === -1 ? '' : 's'} over the limit: exceeded`
      : length > 0 && length < min
        ? `${left} characters left (at least ${min} needed)`
        : `${left} character${left === 1 ? '' : 's'} left`;
  return (
    <span
      id={id}
      className={`mq-counter ${state}`}
      aria-live={left < news.COUNTER_WARN_BELOW ? 'polite' : 'off'}
    >
      {words}
    </span>
  );
}
