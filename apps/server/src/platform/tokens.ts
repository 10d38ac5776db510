import { createHash, randomBytes } from 'node:crypto';

/** A random token for a session or a reset link: 256 bits, URL-safe. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored only as their SHA-256 hash (D2.6). */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
