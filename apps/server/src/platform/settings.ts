/** The site-wide numbers an operator may change, and the product's defaults (spec 2 §9); read and written in settings.repo.ts. */
export const SETTING_DEFAULTS = {
  /** Sponsored IMDb views sold site-wide per 24 hours (sv_max, D6.4). */
  sv_max: 5000,
  /** The price of 250 sponsored IMDb views, in pennies: $12, set by an operator between $5 and $25. */
  imdb_sponsor_price_pennies: 1200,
  /**
   * The overview's shadow values (spec 4 §7 updateShadowVars; docs/domain.md AD10), both off (0) by
   * default. shadow_max: the most actions one listing is offered for per Pacific day, whatever its own
   * rate limit; randy_top: the earn list's first places shuffled among this many listings.
   */
  shadow_max: 0,
  randy_top: 0,
} as const;

export type SettingKey = keyof typeof SETTING_DEFAULTS;
