import type { help } from '@marquee/contract';

/**
 * Intercom's Messenger, the hosted chat the help area runs with CHAT_PROVIDER=intercom (docs/domain.md
 * H9): booted with the member's identity and the server's HMAC of their id (`user_hash`, Intercom's
 * identity verification), and shut down when the help pages close (spec 3 §1).
 */

type IntercomSetup = Extract<help.ChatSetup, { provider: 'intercom' }>;

export interface IntercomSettings {
  api_base: string;
  app_id: string;
  user_id: string;
  name: string;
  email: string;
  user_hash: string;
}

type IntercomFn = ((command: string, ...args: unknown[]) => void) & { q?: unknown[][] };

export interface IntercomWindow {
  Intercom?: IntercomFn;
  intercomSettings?: IntercomSettings;
}

/** The settings Intercom boots with. */
export function intercomSettings(setup: IntercomSetup): IntercomSettings {
  return {
    api_base: setup.api_base,
    app_id: setup.app_id,
    user_id: setup.identity.user_id,
    name: setup.identity.name,
    email: setup.identity.email,
    user_hash: setup.identity.user_hash,
  };
}

/** Where the Messenger's script comes from (Intercom's installation snippet). */
export const intercomScriptUrl = (appId: string) =>
  `https://widget.intercom.io/widget/${encodeURIComponent(appId)}`;

export const INTERCOM_SCRIPT_ID = 'mq-intercom-script';

/**
 * Loads the Messenger once and boots it for this member: until the script arrives, calls wait in
 * Intercom's queue, as its own snippet does.
 */
export function bootIntercom(setup: IntercomSetup, win: Window & IntercomWindow = window): void {
  const settings = intercomSettings(setup);
  win.intercomSettings = settings;
  if (!win.Intercom) {
    const queued: IntercomFn = (...args: [string, ...unknown[]]) => {
      (queued.q ??= []).push(args);
    };
    win.Intercom = queued;
  }
  if (!win.document.getElementById(INTERCOM_SCRIPT_ID)) {
    const script = win.document.createElement('script');
    script.id = INTERCOM_SCRIPT_ID;
    script.async = true;
    script.src = intercomScriptUrl(setup.app_id);
    win.document.head.appendChild(script);
  }
  win.Intercom('boot', settings);
}

/** The help pages closed: the Messenger goes, and its session for this member with it. */
export function shutdownIntercom(win: Window & IntercomWindow = window): void {
  win.Intercom?.('shutdown');
  delete win.intercomSettings;
}
