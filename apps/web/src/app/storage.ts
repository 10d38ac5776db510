import type { CurrentUser } from '@marquee/contract';

/** The browser's keys for the session (spec 1 §1: the current user is kept in browser storage). */
const TOKEN_KEY = 'token';
const USER_KEY = 'user';
const REFERRER_KEY = 'referrer';
const ADMIN_RETURN_KEY = 'adminReturn';

/** Some browsers (private modes, strict settings) refuse localStorage; Marquee cannot run without it. */
export function isLocalStorageUsable(): boolean {
  try {
    const probe = '__marquee_probe__';
    window.localStorage.setItem(probe, probe);
    window.localStorage.removeItem(probe);
    return true;
  } catch {
    return false;
  }
}

export function readToken(): string | null {
  try {
    return window.localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export function readStoredUser(): CurrentUser | null {
  try {
    const raw = window.localStorage.getItem(USER_KEY);
    return raw ? (JSON.parse(raw) as CurrentUser) : null;
  } catch {
    return null;
  }
}

export function storeSession(token: string, user: CurrentUser): void {
  window.localStorage.setItem(TOKEN_KEY, token);
  storeUser(user);
}

export function storeUser(user: CurrentUser): void {
  window.localStorage.setItem(USER_KEY, JSON.stringify(user));
}

export function clearSession(): void {
  try {
    window.localStorage.removeItem(TOKEN_KEY);
    window.localStorage.removeItem(USER_KEY);
  } catch {
    // Nothing stored, nothing to clear.
  }
}

/** The member id from a /r/{userId} link, sent with the sign-up. */
export function rememberReferrer(userId: string): void {
  if (/^\d{1,10}$/.test(userId)) window.localStorage.setItem(REFERRER_KEY, userId);
}

export function readReferrer(): number | undefined {
  const raw = window.localStorage.getItem(REFERRER_KEY);
  return raw && /^\d{1,10}$/.test(raw) ? Number(raw) : undefined;
}

export function forgetReferrer(): void {
  window.localStorage.removeItem(REFERRER_KEY);
}

/**
 * Use-as-user (D13.2): while staff use a member's account, the admin's own session waits here, with
 * the member's id, so "Back to admin" can return to it.
 */
export interface AdminReturn {
  token: string;
  user: CurrentUser;
  memberId: number;
}

export function storeAdminReturn(back: AdminReturn): void {
  window.localStorage.setItem(ADMIN_RETURN_KEY, JSON.stringify(back));
}

export function readAdminReturn(): AdminReturn | null {
  try {
    const raw = window.localStorage.getItem(ADMIN_RETURN_KEY);
    return raw ? (JSON.parse(raw) as AdminReturn) : null;
  } catch {
    return null;
  }
}

export function forgetAdminReturn(): void {
  try {
    window.localStorage.removeItem(ADMIN_RETURN_KEY);
  } catch {
    // Nothing stored.
  }
}
