import { describe, expect, it } from 'vitest';
import { account } from '@marquee/contract';
import { useTestApp } from '../../../test/test-app.js';
import { buildMember } from '../../../test/factories.js';
import { mailMember, takesMail } from './member-mail.js';

const t = useTestApp();

describe('account/fetchEmailSettings and updateEmailSetting (spec 3 §3)', () => {
  it('lists every kind of optional mail, on, with the all switch first', async () => {
    const m = await buildMember(t.db, t.clock);
    const res = await t.call(account.fetchEmailSettings, {}, m.token);
    expect(res.body.status).toBe('success');
    expect(res.body.settings[0]).toMatchObject({ name: 'all', enabled: true });
    expect(res.body.settings.map((s) => s.name)).toEqual([
      'all',
      'membership',
      'referrals',
      'featured',
      'help',
      'managed',
    ]);
    expect(res.body.settings.every((s) => s.enabled && s.description.length > 0)).toBe(true);
  });

  it('switches one kind off, and mail of that kind is no longer sent', async () => {
    const m = await buildMember(t.db, t.clock);
    const res = await t.call(account.updateEmailSetting, { field: 'referrals', value: 'false' }, m.token);
    expect(res.body).toMatchObject({ status: 'success', message: 'Your preferences have been updated!' });
    expect(res.body.settings.find((s) => s.name === 'referrals')?.enabled).toBe(false);
    const deps = t.app.deps;
    expect(await takesMail(deps, m.id, 'referrals')).toBe(false);
    expect(await takesMail(deps, m.id, 'membership')).toBe(true);
    expect(await mailMember(deps, m.id, 'referrals', { subject: 's', text: 't' })).toBe(false);
  });

  it('the all switch stops every kind and, back on, restores each choice', async () => {
    const m = await buildMember(t.db, t.clock);
    await t.call(account.updateEmailSetting, { field: 'featured', value: 'no' }, m.token);
    await t.call(account.updateEmailSetting, { field: 'all', value: 'no' }, m.token);
    expect(await takesMail(t.app.deps, m.id, 'membership')).toBe(false);
    const back = await t.call(account.updateEmailSetting, { field: 'all', value: 'yes' }, m.token);
    expect(back.body.settings.map((s) => [s.name, s.enabled])).toEqual([
      ['all', true],
      ['membership', true],
      ['referrals', true],
      ['featured', false],
      ['help', true],
      ['managed', true],
    ]);
  });

  it('refuses an unknown setting or value', async () => {
    const m = await buildMember(t.db, t.clock);
    const unknown = await t.call(account.updateEmailSetting, { field: 'spam', value: 'yes' }, m.token);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body.message).toBe('There is no such email setting.');
    const bad = await t.call(account.updateEmailSetting, { field: 'all', value: 'perhaps' }, m.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.body.message).toBe('Please choose on or off.');
  });
});
