import { exchange } from '@marquee/contract';

const COLOUR_WORD = { green: 'good', orange: 'fair', red: 'low' } as const;

/**
 * A reputation (spec 3 §9, EX3): the number, in green over 650, orange over 500, red below; the
 * colour is never the only sign, the number and a word for screen readers go with it.
 */
export function Reputation({ value, large = false }: { value: number; large?: boolean }) {
  const colour = exchange.reputationColour(value);
  return (
    <span className={`mq-rep mq-rep--${colour}${large ? ' mq-rep--large' : ''}`}>
      <span className="mq-rep__dot" aria-hidden="true" />
      {value}
      <span className="visually-hidden"> ({COLOUR_WORD[colour]})</span>
    </span>
  );
}
