import { describe, expect, it } from 'vitest';
import {
  bootIntercom,
  INTERCOM_SCRIPT_ID,
  intercomScriptUrl,
  intercomSettings,
  shutdownIntercom,
  type IntercomWindow,
} from './intercom';

const setup = {
  provider: 'intercom' as const,
  app_id: 'abc123xy',
  api_base: 'https://api-iam.intercom.io',
  identity: { user_id: '1042', name: 'Priya Raman', email: 'priya@example.test', user_hash: 'f'.repeat(64) },
};

/** Just enough of a browser window for the loader: a head to add the script to, found again by id. */
function fakeWindow() {
  const added: { id: string; src: string; async: boolean }[] = [];
  const document = {
    getElementById: (id: string) => added.find((s) => s.id === id) ?? null,
    createElement: () => ({ id: '', src: '', async: false }),
    head: { appendChild: (s: { id: string; src: string; async: boolean }) => added.push(s) },
  };
  return {
    win: { document } as unknown as Window & IntercomWindow,
    added,
  };
}

describe("Intercom's Messenger (docs/domain.md H9, docs/integrations.md I10)", () => {
  it('boots with the identity the server signed, as intercomSettings names it', () => {
    expect(intercomSettings(setup)).toEqual({
      api_base: 'https://api-iam.intercom.io',
      app_id: 'abc123xy',
      user_id: '1042',
      name: 'Priya Raman',
      email: 'priya@example.test',
      user_hash: 'f'.repeat(64),
    });
    expect(intercomScriptUrl('a b/c')).toBe('https://widget.intercom.io/widget/a%20b%2Fc');
  });

  it('adds the script once, queues the boot until it arrives, and shuts down on leaving', () => {
    const { win, added } = fakeWindow();
    bootIntercom(setup, win);
    bootIntercom(setup, win);
    expect(added).toEqual([
      { id: INTERCOM_SCRIPT_ID, src: 'https://widget.intercom.io/widget/abc123xy', async: true },
    ]);
    expect(win.intercomSettings).toEqual(intercomSettings(setup));
    shutdownIntercom(win);
    expect(win.Intercom?.q?.map((call) => call[0])).toEqual(['boot', 'boot', 'shutdown']);
    expect(win.intercomSettings).toBeUndefined();
  });
});
