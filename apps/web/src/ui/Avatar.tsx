import { useState } from 'react';

const NO_PHOTO = '/no-photo.svg';

interface AvatarProps {
  /** The picture's address, or null when the member has none. */
  src: string | null | undefined;
  /** Round, this many pixels wide (80 where large, spec 4 §9). */
  size?: number;
  /** Empty when the member's name is written next to the picture. */
  alt: string;
  className?: string;
}

/** A member's round picture; a missing or broken one falls back to the no-photo image (spec 1 §8). */
export function Avatar({ src, size = 80, alt, className }: AvatarProps) {
  const [brokenSrc, setBrokenSrc] = useState<string | null>(null);
  const shown = !src || src === brokenSrc ? NO_PHOTO : src;
  return (
    <img
      className={className ? `mq-avatar ${className}` : 'mq-avatar'}
      src={shown}
      width={size}
      height={size}
      alt={alt}
      onError={() => {
        if (src) setBrokenSrc(src);
      }}
    />
  );
}
