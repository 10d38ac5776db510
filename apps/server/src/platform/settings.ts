/** The site-wide numbers an operator may change, and the product's defaults (spec 2 §9); read and written in settings.repo.ts. */
export const SETTING_DEFAULTS = {
  /** Sponsored IMDb views sold site-wide per 24 hours (sv_max, D6.4). */
  sv_max: 5000,
  /** The price of 250 sponsored IMDb views, in pennies: $12, set by an operator between $5 and $25. */
  imdb_sponsor_price_pennies: 1200,
} as const;

export type SettingKey = keyof typeof SETTING_DEFAULTS;
