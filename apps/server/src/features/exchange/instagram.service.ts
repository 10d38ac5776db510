import { exchange, uploads } from '@marquee/contract';
import type { AppDeps } from '../../platform/deps.js';
import type { Db } from '../../platform/db/database.js';
import type { Caller } from '../../platform/auth.js';
import { conflict } from '../../platform/errors.js';
import type { FollowSeen } from '../../integrations/types.js';
import { raiseAlert } from '../alerts/index.js';
import { findMember } from '../members/index.js';
import { requireExchangeMember } from './exchange.access.js';
import * as repo from './instagram.repo.js';
import {
  EXCHANGE_LINK,
  INSTAGRAM_ERRORS,
  alertOf,
  answerOf,
  colourOf,
  effectOf,
  followChecked,
  followNotSeen,
  followSeen,
  moveOf,
  reputationOf,
  sidesOf,
  stageOf,
  withheld,
  type MoveKind,
  type SwapState,
} from './instagram.policy.js';

/**
 * The Instagram follow exchange's swaps (spec 4 §3-§9, spec 3 §2-§4, §9; D7.1; docs/domain.md EX4-EX8,
 * EX14): the three lists, and the moves of a swap, each settled in one transaction under the swap's
 * lock (EX6). Instagram swaps never touch daily actions (EX14). The member's own listing is
 * instagram-listing.service.ts.
 */

const { INSTAGRAM, EXCHANGE_MESSAGES } = exchange;
type InstagramCard = exchange.InstagramCard;

/** Swaps waiting on a member that one answer lists at most (oldest first). */
const ITEMS_SHOWN = 100;

const notHere = () => conflict(EXCHANGE_MESSAGES.notHere);

function cardOf(
  deps: AppDeps,
  other: repo.CounterpartRow,
  swap: (SwapState & { id: number; viewerId: number }) | null,
): InstagramCard {
  const shared = {
    user_id: other.user_id,
    url: other.url,
    open_url: deps.integrations.openUrl(other.url),
    profile: uploads.pictureUrl(other.image, 80),
    name: other.handle,
    title: other.title,
    description: other.description,
    reputation: other.reputation,
    first: other.first,
    last: other.last,
  };
  if (!swap) {
    return { ...shared, id: 'new', user_number: 1, mine: null, theirs: null, stage: 'new', status_1: null };
  }
  return {
    ...shared,
    id: swap.id,
    user_number: 2,
    ...sidesOf(swap, swap.viewerId),
    // Only swaps with a stage are read (repo.swapItems).
    stage: stageOf(swap, swap.viewerId) ?? 'review',
    status_1: swap.status1 as exchange.SwapStatus,
  };
}

/** A swap's row as the rules read it. */
const stateOf = (row: repo.SwapRow): SwapState => ({
  initiatorId: row.initiatorId,
  receiverId: row.receiverId,
  status1: row.status1,
  status2: row.status2,
  acknowledged: row.acknowledgedAt !== null,
});

/** A listed swap (repo.swapItems) as the rules read it. */
const itemStateOf = (row: repo.SwapItemRow): SwapState => ({
  initiatorId: row.initiator_id,
  receiverId: row.receiver_id,
  status1: row.status1,
  status2: row.status2,
  acknowledged: row.acknowledged,
});

/** The swaps waiting on the viewer, as cards: follow backs, and reviews with the contests to acknowledge (EX4). */
async function itemsOf(deps: AppDeps, db: Db, viewerId: number, now: Date) {
  const rows = await repo.swapItems(db, viewerId, now, ITEMS_SHOWN);
  const followBack: InstagramCard[] = [];
  const review: InstagramCard[] = [];
  for (const row of rows) {
    const card = cardOf(deps, row, { ...itemStateOf(row), id: row.id, viewerId });
    (card.stage === 'follow_back' ? followBack : review).push(card);
  }
  return { followBack, review };
}

/**
 * exchange/instagram/fetchAvailableListings (EX4): the three lists. The reputation is the server's
 * own; the `mr` the page sends is ignored. New listings are withheld while 5 or more review items wait.
 */
export async function fetchAvailableListings(deps: AppDeps, caller: Caller) {
  const now = deps.clock.now();
  await requireExchangeMember(deps.db, caller, now);
  const myReputation = reputationOf(await repo.standingOf(deps.db, caller.userId));
  const empty = {
    status: 'success' as const,
    newListings: [],
    followBackListings: [],
    reviewListings: [],
    myReputation,
    newWithheld: false,
  };
  // Nothing to swap without a listing of one's own (the page shows the setup form).
  if (!(await repo.listingOf(deps.db, caller.userId))) return empty;
  const { followBack, review } = await itemsOf(deps, deps.db, caller.userId, now);
  const newWithheld = withheld(review.length);
  const fresh = newWithheld
    ? []
    : await repo.newListings(
        deps.db,
        { id: caller.userId, reputation: myReputation },
        now,
        INSTAGRAM.newListingsShown,
      );
  return {
    ...empty,
    newListings: fresh.map((other) => cardOf(deps, other, null)),
    followBackListings: followBack,
    reviewListings: review,
    newWithheld,
  };
}

export interface ActionInput {
  status: exchange.SwapStatus;
  action_id: number | 'new';
  user_number: 1 | 2;
  other_id: number;
}

/**
 * EX7: the follow a move rests on, asked of the verifier before the move's transaction: a claim the
 * platform does not show is refused, a contest of a follow it shows is refused; a platform that
 * cannot say lets the claim (or the contest) stand.
 */
async function checkFollow(
  deps: AppDeps,
  move: MoveKind,
  swap: SwapState,
  handles: { me: string; other: string },
  viewerId: number,
): Promise<void> {
  const need = followChecked(move, swap);
  if (!need) return;
  const handleOf = (id: number) => (id === viewerId ? handles.me : handles.other);
  let seen: FollowSeen;
  try {
    seen = await deps.integrations.verifier.instagramFollows(
      handleOf(need.follower),
      handleOf(need.followed),
    );
  } catch {
    seen = 'unknown';
  }
  if (need.check === 'claim' && seen === 'not_seen')
    throw conflict(followNotSeen(handleOf(need.followed), handleOf(need.follower)));
  if (need.check === 'contest' && seen === 'seen')
    throw conflict(followSeen(handleOf(need.follower), handleOf(need.followed)));
}

/**
 * EX4: the member the viewer may start a swap with now (their listing as New Listings offers it), or
 * null: the viewer's own reputation read from the server, and new listings not withheld by 5 or more
 * review items.
 */
async function offeredNow(deps: AppDeps, db: Db, viewerId: number, otherId: number, now: Date) {
  const reputation = reputationOf(await repo.standingOf(db, viewerId));
  if (withheld((await itemsOf(deps, db, viewerId, now)).review.length)) return null;
  return repo.offeredListing(db, { id: viewerId, reputation }, otherId, now);
}

/**
 * exchange/instagram/updateActionStatus (EX5-EX8): one move of a swap. The move is read from the
 * swap's state, the follow it rests on checked (EX7), then, in one transaction, the swap's row locked
 * (a new swap: both listings and both standings held shared, then the pair's unique index), the state
 * and who may be shown or offered checked again under those locks (EX6: a limit raised, a block or a
 * lapse during the follow check counts), the new state, every reputation change (clamped, in member
 * order) and the other member's alert written. Anything else answers 409 "This listing should not be
 * here" and changes nothing.
 */
export async function updateActionStatus(deps: AppDeps, caller: Caller, input: ActionInput) {
  const now = deps.clock.now();
  await requireExchangeMember(deps.db, caller, now);
  const viewerId = caller.userId;
  const otherId = input.other_id;
  const ask = { status: input.status, userNumber: input.user_number, viewerId, otherId };
  const mine = await repo.listingOf(deps.db, viewerId);
  if (!mine) throw conflict(INSTAGRAM_ERRORS.noListing);

  let swap: (SwapState & { id: number }) | null = null;
  let other: repo.CounterpartRow | null;
  if (input.action_id === 'new') {
    // The listing must be one the viewer is offered now (EX4): eligible, and not withheld.
    other = await offeredNow(deps, deps.db, viewerId, otherId, now);
  } else {
    const row = await repo.findSwap(deps.db, input.action_id);
    if (!row) throw notHere();
    swap = { ...stateOf(row), id: row.id };
    other = await repo.counterpart(deps.db, viewerId, otherId, now);
  }
  if (!other) throw notHere();
  const move = moveOf(swap, ask);
  if (!move) throw notHere();
  const state: SwapState = swap ?? {
    initiatorId: viewerId,
    receiverId: otherId,
    status1: 'new',
    status2: null,
    acknowledged: false,
  };
  await checkFollow(deps, move, state, { me: mine.handle, other: other.handle }, viewerId);

  const effect = effectOf(move, state);
  const mover = effect.alert ? await findMember(deps.db, viewerId) : null;
  await deps.db.transaction(async (tx) => {
    if (swap === null) {
      // Both listings held so neither is removed under the new swap, both standings so no limit or
      // reputation changes under it; then everything the offer rests on is read again.
      if ((await repo.lockListings(tx, [viewerId, otherId], 'key share')).size < 2) throw notHere();
      await repo.lockStandings(tx, [viewerId, otherId]);
      if (!(await offeredNow(deps, tx, viewerId, otherId, now))) throw notHere();
      const made = await repo.insertSwap(tx, {
        initiatorId: viewerId,
        receiverId: otherId,
        status1: effect.status1,
        at: now,
      });
      if (made === null) throw notHere();
    } else {
      const locked = await repo.lockSwap(tx, swap.id);
      const lockedState = locked ? stateOf(locked) : null;
      if (!lockedState || moveOf(lockedState, ask) !== move) throw notHere();
      if ((await repo.lockListings(tx, [viewerId, otherId], 'key share')).size < 2) throw notHere();
      // The other member may still be shown: active, paid, not blocked either way (EX1, EX4).
      if (!(await repo.counterpart(tx, viewerId, otherId, now))) throw notHere();
      const moved = await repo.moveSwap(tx, swap.id, lockedState, { ...effect, at: now });
      if (!moved) throw notHere();
    }
    for (const change of [...effect.changes].sort((a, b) => a.userId - b.userId))
      await repo.changeReputation(tx, change.userId, change.delta);
    if (effect.alert && mover) {
      const alert = alertOf(effect.alert, {
        name: `${mover.first} ${mover.last}`.trim(),
        handle: mine.handle,
      });
      await raiseAlert(tx, {
        userId: otherId,
        actorId: viewerId,
        kind: alert.kind,
        content: alert.content,
        link: EXCHANGE_LINK,
        at: now,
      });
    }
  });
  return {
    status: 'success' as const,
    color: colourOf(move),
    message: answerOf(move, { first: other.first, handle: other.handle }),
    myReputation: reputationOf(await repo.standingOf(deps.db, viewerId)),
  };
}
