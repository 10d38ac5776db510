/**
 * How the journeys start Debian's Chromium (docs/rules.md "Known on these machines"): no sandbox as
 * root, and none of the background networking the closed network would refuse.
 */
export const CHROMIUM_PATH = '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
];
