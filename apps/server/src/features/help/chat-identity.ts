import { createHmac } from 'node:crypto';
import type { ChatConfig } from '../../platform/config.js';

/**
 * Identity verification as hosted chat services do it (H9): the server signs the member's id with
 * the chat's secret (HMAC-SHA256, hex), and the service accepts a visitor as that member only with
 * the matching hash, so nobody can open the chat as someone else by typing their id. Intercom calls
 * it `user_hash`.
 */
export function identityHash(secret: string, userId: number): string {
  return hmacHex(secret, String(userId));
}

/** HMAC-SHA256 of `text` under `secret`, in hex. */
export const hmacHex = (secret: string, text: string): string =>
  createHmac('sha256', secret).update(text).digest('hex');

/** Content-Security-Policy directive name -> the sources it allows. */
export type Directives = Record<string, string[]>;

/**
 * Intercom's Messenger loads its script from Intercom, talks to its API and websockets, and shows
 * pictures and frames of its own: the origins its documentation ("Using Intercom with Content
 * Security Policy") lists for a workspace, added to the policy only while the chat is Intercom's.
 */
const INTERCOM_SOURCES: Directives = {
  'script-src': ['https://app.intercom.io', 'https://widget.intercom.io', 'https://js.intercomcdn.com'],
  'connect-src': [
    'https://via.intercom.io',
    'https://api.intercom.io',
    'https://api.au.intercom.io',
    'https://api.eu.intercom.io',
    'https://api-iam.intercom.io',
    'https://api-iam.eu.intercom.io',
    'https://api-iam.au.intercom.io',
    'https://api-ping.intercom.io',
    'https://nexus-websocket-a.intercom.io',
    'wss://nexus-websocket-a.intercom.io',
    'https://nexus-websocket-b.intercom.io',
    'wss://nexus-websocket-b.intercom.io',
    'https://nexus-europe-websocket.intercom.io',
    'wss://nexus-europe-websocket.intercom.io',
    'https://nexus-australia-websocket.intercom.io',
    'wss://nexus-australia-websocket.intercom.io',
    'https://uploads.intercomcdn.com',
    'https://uploads.intercomcdn.eu',
    'https://uploads.au.intercomcdn.com',
    'https://uploads.intercomusercontent.com',
  ],
  'img-src': [
    'https://js.intercomcdn.com',
    'https://static.intercomassets.com',
    'https://downloads.intercomcdn.com',
    'https://downloads.intercomcdn.eu',
    'https://downloads.au.intercomcdn.com',
    'https://uploads.intercomusercontent.com',
    'https://gifs.intercomcdn.com',
    'https://video-messages.intercomcdn.com',
    'https://messenger-apps.intercom.io',
    'https://messenger-apps.eu.intercom.io',
    'https://messenger-apps.au.intercom.io',
  ],
  'media-src': ['https://js.intercomcdn.com', 'https://downloads.intercomcdn.com'],
  'frame-src': ['https://intercom-sheets.com', 'https://www.intercom-reporting.com'],
  // Fonts: helmet's default font-src already allows every https: origin.
};

/**
 * The app's Content-Security-Policy directives with the chat's sources added (app.ts wraps its own
 * directives in this): unchanged for Marquee's own chat. A directive the app does not set starts
 * from 'self', as the policy's default-src would have it.
 */
export function withChatSources(chat: ChatConfig, directives: Directives): Directives {
  if (chat.provider !== 'intercom') return directives;
  const merged: Directives = { ...directives };
  for (const [name, sources] of Object.entries(INTERCOM_SOURCES)) {
    merged[name] = [...(merged[name] ?? ["'self'"]), ...sources];
  }
  return merged;
}
