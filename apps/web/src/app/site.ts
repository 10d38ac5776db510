/** Marquee's own addresses, in one place for whoever runs the site. */
export const SUPPORT_EMAIL = 'support@marquee.local';

export const SOCIAL_LINKS = [
  { name: 'Marquee on Twitter', href: 'https://x.com/marqueecommunity', icon: 'x' },
  { name: 'Marquee on Facebook', href: 'https://www.facebook.com/marqueecommunity', icon: 'facebook' },
  { name: 'Marquee on Instagram', href: 'https://www.instagram.com/marqueecommunity', icon: 'instagram' },
  { name: 'Marquee on YouTube', href: 'https://www.youtube.com/@marqueecommunity', icon: 'youtube' },
] as const;

/** The first year of the copyright range (spec 1 §2). */
export const FOUNDED = 2011;
