import { useState, type ComponentType } from 'react';
import type { earn } from '@marquee/contract';
import { FacebookIcon, XIcon, YouTubeIcon } from '../../ui/icons';

/** IMDb's mark, drawn here so nothing loads from elsewhere. */
function ImdbMark() {
  return (
    <svg width={30} height={16} viewBox="0 0 30 16" aria-hidden="true" focusable="false">
      <rect width="30" height="16" rx="3" fill="currentColor" />
      <text
        x="15"
        y="12"
        textAnchor="middle"
        fontSize="9.5"
        fontWeight="800"
        fontFamily="Arial, sans-serif"
        fill="#16122f"
      >
        IMDb
      </text>
    </svg>
  );
}

const MARKS: Record<earn.Platform, ComponentType> = {
  imdb: ImdbMark,
  twitter: XIcon,
  youtube: YouTubeIcon,
  facebook: FacebookIcon,
};

/** The platform's mark on its own tile: what a listing shows when it has no picture. */
export function PlatformIcon({ platform, size = 44 }: { platform: earn.Platform; size?: number }) {
  const Mark = MARKS[platform];
  return (
    <span className={`mq-platform-tile mq-platform-tile--${platform}`} style={{ width: size, height: size }}>
      <Mark />
    </span>
  );
}

/**
 * A listing's picture (its page's image); a missing or broken one falls back to the platform's icon
 * (spec 2 §8). Decorative: the listing's name is written beside it.
 */
export function ListingPicture({
  src,
  platform,
  size = 44,
}: {
  src: string | null;
  platform: earn.Platform;
  size?: number;
}) {
  const [broken, setBroken] = useState<string | null>(null);
  if (!src || src === broken) return <PlatformIcon platform={platform} size={size} />;
  return (
    <img
      className="mq-listing-pic"
      src={src}
      width={size}
      height={size}
      alt=""
      loading="lazy"
      onError={() => setBroken(src)}
    />
  );
}
