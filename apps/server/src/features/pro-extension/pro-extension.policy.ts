import { proExtension, type Membership } from '@marquee/contract';

const { EXTENSION_MESSAGES, PRO_EXTENSION, STOP_WORDS } = proExtension;

/**
 * Who may use the extension (D15.1, docs/domain.md PX4): Pro members only. The refusal says why in
 * the member's terms: Pro that ended, Managed Rank, or a level without the extension; null for Pro.
 */
export function extensionRefusal(
  member: { membership: Membership; proExpires: Date | null },
  now: Date,
): string | null {
  if (member.membership === 'pro') return null;
  if (member.membership === 'managed') return EXTENSION_MESSAGES.managed;
  if (member.proExpires && member.proExpires.getTime() <= now.getTime()) return EXTENSION_MESSAGES.proEnded;
  return EXTENSION_MESSAGES.proOnly;
}

/** PX6: running is what the extension last said, while it keeps calling. */
export function isRunning(pairing: { state: string; lastSeenAt: Date }, now: Date): boolean {
  return (
    pairing.state === 'running' &&
    now.getTime() - pairing.lastSeenAt.getTime() <= PRO_EXTENSION.runningWithinSeconds * 1000
  );
}

/** A pairing's state as the member reads it; a run whose browser went quiet reads as not running. */
export function stateWords(
  pairing: { state: string; reason: string | null; lastSeenAt: Date },
  now: Date,
): string {
  if (pairing.state === 'running')
    return isRunning(pairing, now) ? 'Running' : 'Not running: the browser is closed or asleep.';
  if (pairing.state === 'stopped' && pairing.reason && isStopReason(pairing.reason))
    return STOP_WORDS[pairing.reason];
  return 'Paused';
}

export const isStopReason = (reason: string): reason is proExtension.StopReason =>
  (proExtension.STOP_REASONS as readonly string[]).includes(reason);

/** "Chrome 131 on Windows" from a user agent: enough for a member to tell their browsers apart. */
export function browserName(userAgent: string | null | undefined): string {
  const ua = userAgent ?? '';
  const browsers: [RegExp, string][] = [
    [/Edg\/(\d+)/, 'Edge'],
    [/OPR\/(\d+)/, 'Opera'],
    [/Brave\/(\d+)/, 'Brave'],
    [/Vivaldi\/(\d+)/, 'Vivaldi'],
    [/Chrome\/(\d+)/, 'Chrome'],
    [/Chromium\/(\d+)/, 'Chromium'],
  ];
  const found = browsers.find(([pattern]) => pattern.test(ua));
  const name = found ? `${found[1]} ${found[0].exec(ua)?.[1] ?? ''}`.trim() : 'A Chromium browser';
  const systems: [RegExp, string][] = [
    [/Windows/, 'Windows'],
    [/CrOS/, 'ChromeOS'],
    [/Android/, 'Android'],
    [/Mac OS X|Macintosh/, 'macOS'],
    [/Linux/, 'Linux'],
  ];
  const system = systems.find(([pattern]) => pattern.test(ua))?.[1];
  return system ? `${name} on ${system}` : name;
}
