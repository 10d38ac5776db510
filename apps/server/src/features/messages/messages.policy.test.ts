import { describe, expect, it } from 'vitest';
import { MINUTE_MS, HOUR_MS } from '../../platform/time.js';
import {
  SENDING_LIMITS,
  mayPost,
  postRefusal,
  preview,
  sendingTooFast,
  type CorrespondentFacts,
} from './messages.policy.js';
import type { RateRule } from '../../platform/rate-limit.js';

const other = (o: Partial<CorrespondentFacts> = {}): CorrespondentFacts => ({
  id: 2000,
  kind: 'member',
  status: 'active',
  blockedByMe: false,
  blockedMe: false,
  theyWrote: false,
  ...o,
});

describe('messages policy', () => {
  it('free members may only reply (spec 2 §5); paying members may start', () => {
    expect(mayPost(true, other())).toBe(false);
    expect(mayPost(true, other({ theyWrote: true }))).toBe(true);
    expect(mayPost(false, other())).toBe(true);
  });

  it('refuses in the order a member needs to hear it', () => {
    expect(postRefusal(2000, false, other())?.message).toBe("You can't send a message to yourself.");
    expect(postRefusal(1000, false, null)?.httpStatus).toBe(404);
    // D2.1: system accounts are never a conversation, whatever their id.
    expect(postRefusal(1000, false, other({ kind: 'system' }))?.httpStatus).toBe(404);
    expect(postRefusal(1000, false, other({ status: 'deactivated' }))?.httpStatus).toBe(404);
    // A blocked member is refused before the membership rule, so upgrading is not offered in vain.
    expect(postRefusal(1000, true, other({ blockedByMe: true }))?.message).toBe(
      "You can't exchange messages with this member.",
    );
    // A member who blocked the asker looks exactly like one who cannot receive messages.
    expect(postRefusal(1000, true, other({ blockedMe: true }))).toEqual(
      postRefusal(1000, true, other({ status: 'deactivated' })),
    );
    expect(postRefusal(1000, true, other())?.extra).toBe('upgrade');
    expect(postRefusal(1000, true, other({ theyWrote: true }))).toBeNull();
  });

  it('rate: 10 a minute, 120 an hour, saying how long to wait', () => {
    expect(SENDING_LIMITS).toEqual([
      { limit: 10, windowMs: MINUTE_MS },
      { limit: 120, windowMs: HOUR_MS },
    ]);
    const [minute, hour] = SENDING_LIMITS as [RateRule, RateRule];
    expect(sendingTooFast({ rule: minute, waitSeconds: 1 })).toBe(
      'You are sending messages very quickly. Please wait 1 second before sending another.',
    );
    expect(sendingTooFast({ rule: hour, waitSeconds: 61 })).toBe(
      'You have sent 120 messages in the last hour. Please wait 2 minutes before sending another.',
    );
  });

  it('previews the last message as one plain line', () => {
    expect(preview('  Hello\n\nthere  ')).toBe('Hello there');
    expect(preview('y'.repeat(200))).toBe(`${'y'.repeat(117)}...`);
  });
});
