import type { PaidLevel } from '@marquee/contract';

/**
 * The price tables (spec 1 §2, §9: "Premium from $4.50/mo, Pro from $7.92/mo"), in cents. A
 * subscription renews every `months` and costs less than paying once for the same months; the
 * cheapest per-month price of each level is the spec's "from" price.
 */
export interface PriceRow {
  months: number;
  /** Paid once, in cents. */
  once: number;
  /** Each billing period of the subscription, in cents. */
  recurring: number;
}

export const PRICES: Record<PaidLevel, readonly PriceRow[]> = {
  premium: [
    { months: 1, once: 995, recurring: 895 },
    { months: 3, once: 2685, recurring: 2385 },
    { months: 6, once: 4470, recurring: 3870 },
    { months: 12, once: 6600, recurring: 5400 },
  ],
  pro: [
    { months: 1, once: 1695, recurring: 1495 },
    { months: 3, once: 4485, recurring: 3885 },
    { months: 6, once: 7770, recurring: 6570 },
    { months: 12, once: 11940, recurring: 9500 },
  ],
};

export function priceRow(level: PaidLevel, months: number): PriceRow | undefined {
  return PRICES[level].find((row) => row.months === months);
}

/** Cents as the tables show them: "$4.50". */
export const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** A per-month price in cents, rounded to the cent: 9500 over 12 months is 792. */
export const perMonthCents = (cents: number, months: number) => Math.round(cents / months);

/** A per-month price as the tables show it: 9500 over 12 months is "$7.92". */
export const perMonth = (cents: number, months: number) => dollars(perMonthCents(cents, months));

/** The cheapest per-month price of a level's table, paid once or by subscription: its "from" price. */
export function fromPennies(level: PaidLevel): number {
  return Math.min(
    ...PRICES[level].flatMap((row) => [
      perMonthCents(row.once, row.months),
      perMonthCents(row.recurring, row.months),
    ]),
  );
}
