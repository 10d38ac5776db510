import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { alerts, autocomplete, login, messages } from '@marquee/contract';
import { ApiError, call, setApiNavigator } from './api';

/** A browser's window as far as the client uses it: local storage and the location. */
function fakeWindow(stored: Record<string, string> = {}) {
  const items = new Map(Object.entries(stored));
  const localStorage = {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
  const location = { reload: vi.fn(), assign: vi.fn() };
  vi.stubGlobal('window', { localStorage, location });
  return { items, location };
}

function answer(status: number, body: unknown) {
  const fetch = vi.fn(
    async (_url: string, _init: RequestInit) => new Response(JSON.stringify(body), { status }),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('call', () => {
  beforeEach(() => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('sends a GET call as a query string with the stored token', async () => {
    fakeWindow({ token: 'tok-1' });
    const fetch = answer(200, { status: 'success', threads: [] });
    await call(messages.fetchRecentThreads, { limit: 6 });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/v4/operations/messages/fetchRecentThreads?limit=6');
    expect(init.method).toBe('GET');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer tok-1');
  });

  it('sends a POST call as JSON, without a token when there is none', async () => {
    fakeWindow();
    const fetch = answer(200, { status: 'success', token: 't', user: {} });
    await call(login.checkCredentials, { username: 'maya', password: 'secret-pw' });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/v4/operations/login/checkCredentials');
    expect(JSON.parse(init.body as string)).toEqual({ username: 'maya', password: 'secret-pw' });
    expect((init.headers as Record<string, string>).Authorization).toBeUndefined();
  });

  it('returns a bare array answer as it is, and still reads a failure as an envelope', async () => {
    fakeWindow({ token: 'tok' });
    answer(200, [{ id: '1001', value: 'Mary Ellis', avatar: null }]);
    expect(await call(autocomplete.users, { q: 'mary' })).toEqual([
      { id: '1001', value: 'Mary Ellis', avatar: null },
    ]);
    answer(400, { status: 'error', message: 'Please type at most 50 characters.' });
    await expect(call(autocomplete.users, { q: 'x'.repeat(51) })).rejects.toMatchObject({
      message: 'Please type at most 50 characters.',
      httpStatus: 400,
    });
    answer(500, [1, 2]);
    await expect(call(autocomplete.users, { q: 'mary' })).rejects.toMatchObject({ httpStatus: 500 });
  });

  it('returns a 2xx answer whatever its status word', async () => {
    fakeWindow({ token: 'tok' });
    answer(200, { status: 'version_error', user_version: '4.1', correct_version: '4.2', message: 'Reload' });
    const result = await call(
      login.checkToken,
      { token: 'tok', version: '4.1' },
      { handleLoggedOut: 'caller' },
    );
    expect(result.status).toBe('version_error');
  });

  it('throws the server message, status word and code for a failed call', async () => {
    fakeWindow();
    answer(401, { status: 'error', message: 'The username or password you entered is incorrect.' });
    const failure = await call(login.checkCredentials, { username: 'maya', password: 'nope' }).catch(
      (e) => e,
    );
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({
      message: 'The username or password you entered is incorrect.',
      status: 'error',
      httpStatus: 401,
    });
  });

  it('forgets the session and reloads on an answer with extra logged_out', async () => {
    const browser = fakeWindow({ token: 'old', user: '{}' });
    answer(401, { status: 'error', message: 'Your session has ended.', extra: 'logged_out' });
    await expect(call(alerts.checkMessagesAndAlerts, {})).rejects.toMatchObject({ isLoggedOut: true });
    expect(browser.items.has('token')).toBe(false);
    expect(browser.items.has('user')).toBe(false);
    expect(browser.location.reload).toHaveBeenCalledOnce();
  });

  it('leaves an ended session to the caller when asked', async () => {
    const browser = fakeWindow({ token: 'old' });
    answer(401, { status: 'error', message: 'Your session has ended.', extra: 'logged_out' });
    await expect(
      call(login.checkToken, { token: 'old', version: '4.2' }, { handleLoggedOut: 'caller' }),
    ).rejects.toThrow();
    expect(browser.location.reload).not.toHaveBeenCalled();
  });

  it('goes to /v4 on an answer with extra not_admin', async () => {
    fakeWindow({ token: 'tok' });
    const navigate = vi.fn();
    setApiNavigator(navigate);
    answer(403, { status: 'error', message: 'That page is for site staff only.', extra: 'not_admin' });
    await expect(call(alerts.fetchAlertList, {})).rejects.toBeInstanceOf(ApiError);
    expect(navigate).toHaveBeenCalledWith('/v4');
  });

  it('turns no answer at all into a network ApiError', async () => {
    fakeWindow();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(call(alerts.fetchAlertList, {})).rejects.toMatchObject({
      isNetworkError: true,
      httpStatus: 0,
    });
  });
});
