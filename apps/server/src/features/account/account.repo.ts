import { managedWaitlist } from '../admin/admin.tables.js';
import { managedInvitations, managedSetups } from '../managed/managed.tables.js';
import {
  imdbExchangeListings,
  instagramListings,
  instagramMembers,
  instagramSwaps,
} from '../exchange/exchange.tables.js';
import { and, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.js';
import { outboxMails } from '../../platform/mail.tables.js';
import { users, blocks } from '../members/members.tables.js';
import { emailConfirmations, passwordResets, sessions, unconfirmedEmails } from '../login/login.tables.js';
import { linkedAccounts, oauthStates } from '../linked-accounts/linked-accounts.tables.js';
import { listings } from '../listings/listings.tables.js';
import { answerMisses } from '../earn/earn.tables.js';
import { dailyActions } from '../points/points.tables.js';
import { alerts } from '../alerts/alerts.tables.js';
import { messages, messageThreads } from '../messages/messages.tables.js';
import { errorReports } from '../errors/errors.tables.js';
import { membershipCredits, referralRewards } from '../referrals/referrals.tables.js';
import { subscriptions } from '../membership/membership.tables.js';
import { purchases } from '../payments/payments.tables.js';
import { HOUSE_ID, movePoints } from '../points/index.js';
import { deletedEmails, emailSettings } from './account.tables.js';
import { images } from '../uploads/uploads.tables.js';
import { profileVideos, videoRatings } from '../profile/profile.tables.js';
import {
  newsCommentLikes,
  newsComments,
  newsHiddenAuthors,
  newsHiddenItems,
  newsItems,
  newsLikes,
} from '../news/news.tables.js';
import { eraseMemberBoard } from '../board/index.js';
import { eraseMemberEvents } from '../watch/index.js';
import { eraseMemberHelp } from '../help/index.js';
import { clearRate, clearRatePrefix } from '../../platform/rate-limit.js';
import { deletedEmailHash, passwordCheckKey } from './account.policy.js';

export async function accountOf(db: Db, userId: number) {
  const [row] = await db
    .select({
      first: users.first,
      last: users.last,
      email: users.email,
      username: users.username,
      imdbUrl: users.imdbUrl,
      featureMe: users.featureMe,
      passwordHash: users.passwordHash,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

export async function linkedAccountsOf(db: Db, userId: number) {
  return db
    .select({
      platform: linkedAccounts.platform,
      handle: linkedAccounts.handle,
      displayName: linkedAccounts.displayName,
      status: linkedAccounts.status,
    })
    .from(linkedAccounts)
    .where(eq(linkedAccounts.userId, userId));
}

/** Usernames are unique whatever the case; a member may change the case of their own. */
export async function usernameTakenByOther(db: Db, username: string, userId: number) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.username}) = ${username.toLowerCase()}`, ne(users.id, userId)))
    .limit(1);
  return Boolean(row);
}

export async function emailTakenByOther(db: Db, email: string, userId: number) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), ne(users.id, userId)))
    .limit(1);
  return Boolean(row);
}

/** D2.5: whether an email belonged to a deleted account, which may not register again. */
export async function emailWasDeleted(db: Db, email: string) {
  const [row] = await db
    .select({ at: deletedEmails.deletedAt })
    .from(deletedEmails)
    .where(eq(deletedEmails.emailHash, deletedEmailHash(email)))
    .limit(1);
  return Boolean(row);
}

export async function updateMember(db: Db, userId: number, set: Partial<typeof users.$inferInsert>) {
  await db.update(users).set(set).where(eq(users.id, userId));
}

/** After a password change every other session ends; the one that changed it stays (D2.6). */
export async function revokeOtherSessions(db: Db, userId: number, keepSessionId: number, at: Date) {
  await db
    .update(sessions)
    .set({ revokedAt: at })
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId), isNull(sessions.revokedAt)));
}

export async function removeLinkedAccount(db: Db, userId: number, platform: string) {
  const removed = await db
    .delete(linkedAccounts)
    .where(and(eq(linkedAccounts.userId, userId), eq(linkedAccounts.platform, platform)))
    .returning({ platform: linkedAccounts.platform });
  return removed.length > 0;
}

export async function emailSettingRows(db: Db, userId: number) {
  return db
    .select({ name: emailSettings.name, enabled: emailSettings.enabled })
    .from(emailSettings)
    .where(eq(emailSettings.userId, userId));
}

/** The member's switches among `names` (a switch never touched is on, so has no row). */
export async function mailSwitches(db: Db, userId: number, names: string[]) {
  return db
    .select({ name: emailSettings.name, enabled: emailSettings.enabled })
    .from(emailSettings)
    .where(and(eq(emailSettings.userId, userId), inArray(emailSettings.name, names)));
}

/** Where a member's mail goes, and whether they are still active. */
export async function mailRecipient(db: Db, userId: number) {
  const [member] = await db
    .select({ email: users.email, status: users.status })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return member ?? null;
}

export async function saveEmailSetting(db: Db, userId: number, name: string, enabled: boolean, at: Date) {
  await db
    .insert(emailSettings)
    .values({ userId, name, enabled, updatedAt: at })
    .onConflictDoUpdate({
      target: [emailSettings.userId, emailSettings.name],
      set: { enabled, updatedAt: at },
    });
}

/** D2.5: deactivated members are hidden (their listings with them, D4.1) and every session ends. */
export async function deactivateMember(tx: Db, userId: number, at: Date) {
  await tx.update(users).set({ status: 'deactivated' }).where(eq(users.id, userId));
  await tx
    .update(sessions)
    .set({ revokedAt: at })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

/** A subscription a payment provider still renews: deleting would leave it charging nobody's account. */
/** Locks the member's row for the rest of the transaction. */
export async function lockAccount(tx: Db, id: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, id)).for('update');
}

export async function hasRenewingSubscription(db: Db, userId: number) {
  const [row] = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        eq(subscriptions.status, 'active'),
        ne(subscriptions.provider, 'admin'),
      ),
    )
    .limit(1);
  return Boolean(row);
}

export const DELETED_NAME = { first: 'Deleted', last: 'Member' } as const;

/**
 * D2.5: erases a member in the caller's transaction. The account row stays as an anonymous id so
 * that the ledger keeps balancing (D3.1) and other members' history keeps its other side; the
 * remaining points go back to the house. Every feature that keeps member data adds its erasure here.
 * Returns the names of the member's stored images, whose files the caller removes after the commit.
 * `addressFree`: the address was never shown to be the member's (an unconfirmed sign-up removed
 * after its link lapsed, docs/domain.md U6), so it is not kept from joining again.
 */
export async function eraseMember(
  tx: Db,
  member: { id: number; email: string | null; username: string | null },
  at: Date,
  options: { addressFree?: boolean } = {},
): Promise<string[]> {
  const id = member.id;
  const [locked] = await tx
    .select({ points: users.points })
    .from(users)
    .where(eq(users.id, id))
    .for('update');
  const points = locked?.points ?? 0;
  if (points > 0) {
    await movePoints(tx, {
      from: id,
      to: HOUSE_ID,
      amount: points,
      kind: 'admin_adjust',
      refType: 'account_deleted',
      refId: String(id),
      at,
    });
  }
  // A checkout left open can no longer be paid (its event then changes nothing).
  await tx
    .update(purchases)
    .set({ status: 'abandoned' })
    .where(and(eq(purchases.userId, id), eq(purchases.status, 'pending')));
  if (member.email && !options.addressFree) {
    await tx
      .insert(deletedEmails)
      .values({ emailHash: deletedEmailHash(member.email), deletedAt: at })
      .onConflictDoNothing();
    // Kept when the address is free: those mails are its owner's, not the erased member's.
    await tx.delete(outboxMails).where(eq(outboxMails.to, member.email));
  }
  // Sign-in failures name the member's id; they hold network addresses, so they go with the member.
  await clearRatePrefix(tx, `sign-in:member:${id}@`);
  await clearRate(tx, passwordCheckKey(id));

  // Listings stay as rows, emptied: other members' actions on them are their history (D3.2).
  await tx
    .update(listings)
    .set({
      status: 'deleted',
      name: 'Deleted listing',
      url: '',
      externalId: '',
      externalProfile: null,
      externalDescription: null,
      nmCode: null,
      sponsorPaused: true,
      changingTo: null,
      changeAt: null,
    })
    .where(eq(listings.userId, id));

  // A place on the Managed Rank waitlist (D14.1), the setup naming their IMDb page and their
  // invitations (MR2, MR3).
  await tx.delete(managedWaitlist).where(eq(managedWaitlist.userId, id));
  await tx.delete(managedSetups).where(eq(managedSetups.userId, id));
  await tx.delete(managedInvitations).where(eq(managedInvitations.userId, id));
  // The Exchange (EX2, EX3, EX10): the Instagram listing names the member's profile; their swaps,
  // reputation and view-for-view listing go with it (the picture goes with the images below).
  await tx.delete(instagramListings).where(eq(instagramListings.userId, id));
  await tx
    .delete(instagramSwaps)
    .where(or(eq(instagramSwaps.initiatorId, id), eq(instagramSwaps.receiverId, id)));
  await tx.delete(instagramMembers).where(eq(instagramMembers.userId, id));
  await tx.delete(imdbExchangeListings).where(eq(imdbExchangeListings.userId, id));
  // Photos, videos, posts, comments and likes (D2.5); a news item's comments and likes go with it.
  const pictures = await tx.delete(images).where(eq(images.ownerId, id)).returning({ name: images.name });
  await tx.delete(videoRatings).where(eq(videoRatings.userId, id));
  await tx.delete(profileVideos).where(eq(profileVideos.userId, id));
  await tx.delete(newsItems).where(eq(newsItems.userId, id));
  // Comment counts on others' posts stay true to the comments left.
  await tx.execute(sql`
    update news_items n set comment_count = n.comment_count - c.n
    from (select news_id, count(*)::int as n from news_comments where user_id = ${id} group by news_id) c
    where n.id = c.news_id`);
  await tx.delete(newsComments).where(eq(newsComments.userId, id));
  await tx.delete(newsLikes).where(eq(newsLikes.userId, id));
  await tx.delete(newsCommentLikes).where(eq(newsCommentLikes.userId, id));
  await tx.delete(newsHiddenItems).where(eq(newsHiddenItems.userId, id));
  await tx
    .delete(newsHiddenAuthors)
    .where(or(eq(newsHiddenAuthors.userId, id), eq(newsHiddenAuthors.authorId, id)));
  // Topics they started go whole; in other threads their replies go and the counts follow.
  await eraseMemberBoard(tx, id);
  // When To Watch: their events (with everyone's places), their places in others' (W7).
  await eraseMemberEvents(tx, id);
  // Help: their requests and chat, and the pictures staff attached to their requests (H8).
  const helpPictures = await eraseMemberHelp(tx, id);
  await tx.delete(messageThreads).where(or(eq(messageThreads.ownerId, id), eq(messageThreads.otherId, id)));
  await tx.delete(messages).where(or(eq(messages.senderId, id), eq(messages.recipientId, id)));
  await tx.delete(alerts).where(eq(alerts.userId, id));
  // Alerts about what this member did (a like, a comment, a message) would name them.
  await tx.delete(alerts).where(eq(alerts.actorId, id));
  // Other members' alerts that lead to this member (a message, their profile) would name them.
  await tx.delete(alerts).where(inArray(alerts.link, [`/profile/${id}`, `/messages/${id}`]));
  await tx.delete(sessions).where(eq(sessions.userId, id));
  await tx.delete(passwordResets).where(eq(passwordResets.userId, id));
  // Confirmation links name the address; the wait for one ends with the account.
  await tx.delete(emailConfirmations).where(eq(emailConfirmations.userId, id));
  await tx.delete(unconfirmedEmails).where(eq(unconfirmedEmails.userId, id));
  await tx.delete(linkedAccounts).where(eq(linkedAccounts.userId, id));
  await tx.delete(oauthStates).where(eq(oauthStates.userId, id));
  await tx.delete(emailSettings).where(eq(emailSettings.userId, id));
  await tx.delete(blocks).where(or(eq(blocks.blockerId, id), eq(blocks.blockedId, id)));
  await tx.delete(dailyActions).where(eq(dailyActions.userId, id));
  await tx.delete(answerMisses).where(eq(answerMisses.earnerId, id));
  await tx.delete(errorReports).where(eq(errorReports.userId, id));
  // Their referral points lapse with their record; rewards others got for them stay the referrer's.
  await tx.delete(membershipCredits).where(eq(membershipCredits.userId, id));
  await tx.delete(referralRewards).where(eq(referralRewards.referrerId, id));
  await tx
    .update(subscriptions)
    .set({ status: 'ended' })
    .where(and(eq(subscriptions.userId, id), eq(subscriptions.provider, 'admin')));

  await tx
    .update(users)
    .set({
      ...DELETED_NAME,
      email: null,
      username: null,
      passwordHash: null,
      imdbUrl: null,
      defaultPic: null,
      location: null,
      job1: null,
      job2: null,
      job3: null,
      bio: null,
      status: 'deleted',
      featureMe: false,
      featurePoints: 0,
      featuredOn: null,
      refPoints: 0,
      hideV4v: false,
      hideFaceless: false,
      showMePro: false,
      lastActiveAt: null,
    })
    .where(eq(users.id, id));
  return [...pictures.map((p) => p.name), ...helpPictures];
}

/** Two requests racing for the same username or email: the unique index decides. */
export function isUniqueViolation(e: unknown): boolean {
  const code =
    (e as { code?: string; cause?: { code?: string } })?.code ??
    (e as { cause?: { code?: string } })?.cause?.code;
  return code === '23505';
}
