import { createContext, use, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { APP_VERSION, login, type CurrentUser } from '@marquee/contract';
import { ApiError, call } from './api';
import {
  clearSession,
  forgetAdminReturn,
  readAdminReturn,
  readToken,
  storeAdminReturn,
  storeSession,
  storeUser,
} from './storage';

/** Where the app stands after its start check (spec 4 §4). */
export type SessionPhase =
  | { kind: 'checking' }
  | { kind: 'signedOut' }
  | { kind: 'signedIn'; user: CurrentUser }
  | { kind: 'versionError'; userVersion: string; correctVersion: string }
  | { kind: 'unreachable' };

interface Session {
  phase: SessionPhase;
  user: CurrentUser | null;
  /** After log in, sign-up or a password reset: keep the token and the member, show the app. */
  signIn: (token: string, user: CurrentUser) => void;
  /** Forget the token, the member and everything fetched for them. */
  signOut: () => void;
  /** A call returned a fresher copy of the current member. */
  updateUser: (user: CurrentUser) => void;
  /** Run the start check again (after the server could not be reached). */
  recheck: () => void;
  /** Staff start using a member's account (D13.2): their own session waits to be returned to. */
  actAsMember: (token: string, user: CurrentUser) => void;
  /** Staff using a member's account: the member's id, else null. */
  usingAs: number | null;
  /** Ends the staff session of the member's account and returns to the admin's own; answers the member's id. */
  backToAdmin: () => Promise<number | null>;
}

const SessionContext = createContext<Session | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<SessionPhase>(() =>
    readToken() ? { kind: 'checking' } : { kind: 'signedOut' },
  );
  const [attempt, setAttempt] = useState(0);

  // App start: the stored token is checked once; the answer decides between app, login and update screen.
  useEffect(() => {
    const token = readToken();
    if (!token) {
      setPhase((current) => (current.kind === 'checking' ? { kind: 'signedOut' } : current));
      return;
    }
    const controller = new AbortController();
    call(
      login.checkToken,
      { token, version: APP_VERSION },
      { signal: controller.signal, handleLoggedOut: 'caller' },
    ).then(
      (answer) => {
        if (answer.status === 'success') {
          storeUser(answer.user);
          setPhase({ kind: 'signedIn', user: answer.user });
        } else {
          setPhase({
            kind: 'versionError',
            userVersion: answer.user_version,
            correctVersion: answer.correct_version,
          });
        }
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && (error.isLoggedOut || error.httpStatus === 401)) {
          clearSession();
          setPhase({ kind: 'signedOut' });
        } else {
          setPhase({ kind: 'unreachable' });
        }
      },
    );
    return () => controller.abort();
  }, [attempt]);

  const signIn = useCallback(
    (token: string, user: CurrentUser) => {
      queryClient.clear();
      storeSession(token, user);
      setPhase({ kind: 'signedIn', user });
    },
    [queryClient],
  );

  const signOut = useCallback(() => {
    clearSession();
    queryClient.clear();
    setPhase({ kind: 'signedOut' });
  }, [queryClient]);

  const updateUser = useCallback((user: CurrentUser) => {
    storeUser(user);
    setPhase({ kind: 'signedIn', user });
  }, []);

  const [usingAs, setUsingAs] = useState<number | null>(() => readAdminReturn()?.memberId ?? null);

  const actAsMember = useCallback(
    (token: string, user: CurrentUser) => {
      const own = readToken();
      if (phase.kind !== 'signedIn' || !own) return;
      storeAdminReturn({ token: own, user: phase.user, memberId: user.id });
      setUsingAs(user.id);
      signIn(token, user);
    },
    [phase, signIn],
  );

  const backToAdmin = useCallback(async () => {
    const back = readAdminReturn();
    // The member's session ends on the server whatever else happens (D13.2: it ends at logout).
    await call(login.logout, undefined, { handleLoggedOut: 'caller' }).catch((failure: unknown) =>
      console.warn('Marquee: ending the staff session failed', failure),
    );
    forgetAdminReturn();
    setUsingAs(null);
    if (back) signIn(back.token, back.user);
    else signOut();
    return back?.memberId ?? null;
  }, [signIn, signOut]);

  const recheck = useCallback(() => {
    setPhase({ kind: 'checking' });
    setAttempt((n) => n + 1);
  }, []);

  const session = useMemo<Session>(
    () => ({
      phase,
      user: phase.kind === 'signedIn' ? phase.user : null,
      signIn,
      signOut,
      updateUser,
      recheck,
      actAsMember,
      usingAs,
      backToAdmin,
    }),
    [phase, signIn, signOut, updateUser, recheck, actAsMember, usingAs, backToAdmin],
  );
  return <SessionContext value={session}>{children}</SessionContext>;
}

export function useSession(): Session {
  const session = use(SessionContext);
  if (!session) throw new Error('useSession needs a SessionProvider above it.');
  return session;
}

/** The signed-in member; only for pages inside the signed-in app. */
export function useCurrentUser(): CurrentUser {
  const { user } = useSession();
  if (!user) throw new Error('useCurrentUser is only for signed-in pages.');
  return user;
}
