import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { managed } from '@marquee/contract';
import { useTestApp } from '../../../test/test-app.js';
import { buildMember } from '../../../test/factories.js';
import { outboxMails } from '../../platform/mail.tables.js';
import { users } from '../members/members.tables.js';
import { managedWaitlist } from '../admin/admin.tables.js';
import { managedInvitations, managedSetups } from './managed.tables.js';
import { findInvitation } from './index.js';

const t = useTestApp();

const BURST = 6;

async function setupInput(userId: number, level: number) {
  const [row] = await t.db.select().from(users).where(eq(users.id, userId));
  return {
    karma_id: userId,
    first: row!.first,
    last: row!.last,
    email: row!.email,
    nm_code: 'nm2345678',
    level,
    has_picture: 'no',
  };
}

/**
 * MR2, MR3 at once. Meaningful on PostgreSQL, where the calls really overlap (TEST_DB=postgres); on
 * PGlite they queue on its one connection.
 */
describe('Set Up Managed and invitations sent at once (MR2, MR3)', () => {
  it('MR2: first saves of one member at once keep one setup and answer every admin the same unsubscribe code', async () => {
    const admins = await Promise.all(
      Array.from({ length: 3 }, () => buildMember(t.db, t.clock, { role: 'admin' })),
    );
    const m = await buildMember(t.db, t.clock);
    const answers = await Promise.all(
      Array.from({ length: BURST }, async (_, i) =>
        t.call(managed.setupManagedUser, await setupInput(m.id, 1 + (i % 3)), admins[i % 3]!.token),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));
    const codes = new Set(answers.map((a) => a.body.unsub));
    expect(codes.size).toBe(1);
    const rows = await t.db.select().from(managedSetups).where(eq(managedSetups.userId, m.id));
    expect(rows.map((r) => r.unsubCode)).toEqual([...codes]);
  });

  it('MR3: invitations of one member sent at once leave exactly one valid code among the mails sent', async () => {
    const boss = await buildMember(t.db, t.clock, { role: 'admin' });
    const other = await buildMember(t.db, t.clock, { role: 'admin' });
    const m = await buildMember(t.db, t.clock);
    const uc = (await t.call(managed.setupManagedUser, await setupInput(m.id, 2), boss.token)).body.unsub;

    for (let round = 0; round < 3; round++) {
      const answers = await Promise.all(
        Array.from({ length: BURST }, (_, i) =>
          t.call(managed.sendInviteEmail, { user_id: m.id, uc }, (i % 2 ? other : boss).token),
        ),
      );
      expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));

      const now = t.clock.now();
      const live = (
        await t.db.select().from(managedInvitations).where(eq(managedInvitations.userId, m.id))
      ).filter((i) => i.usedAt === null && i.expiresAt > now);
      expect(live, `round ${round}`).toHaveLength(1);

      const mails = await t.db.select().from(outboxMails).where(eq(outboxMails.to, m.email));
      expect(mails).toHaveLength(BURST * (round + 1));
      const codes = mails.map((mail) => /\/managed\/subscribe\?code=(\S+)/.exec(mail.text)?.[1] as string);
      const valid = [];
      for (const code of codes) if (await findInvitation(t.db, m.id, code, now)) valid.push(code);
      expect(valid, `round ${round}`).toHaveLength(1);
    }
    const places = await t.db.select().from(managedWaitlist).where(eq(managedWaitlist.userId, m.id));
    expect(places).toMatchObject([{ status: 'invited', selection: 2 }]);
  });
});
