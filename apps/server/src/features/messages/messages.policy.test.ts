import { describe, expect, it } from 'vitest';
import { mayPost, postRefusal, preview, rateRefusal, type CorrespondentFacts } from './messages.policy.js';

const other = (o: Partial<CorrespondentFacts> = {}): CorrespondentFacts => ({
  id: 2000,
  kind: 'member',
  status: 'active',
  blockedByMe: false,
  blockedMe: false,
  theyWrote: false,
  ...o,
});
const now = new Date('2026-03-10T18:00:00Z');
const ago = (s: number) => new Date(now.getTime() - s * 1000);

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

  it('rate: 10 a minute, 120 an hour, waiting until the oldest leaves the window', () => {
    const calm = { lastMinute: 9, lastHour: 119, oldestInMinute: ago(59), oldestInHour: ago(3000) };
    expect(rateRefusal(calm, now)).toBeNull();
    const minute = rateRefusal({ ...calm, lastMinute: 10, oldestInMinute: ago(45) }, now);
    expect(minute?.httpStatus).toBe(429);
    expect(minute?.fields.retryAfterSeconds).toBe(15);
    const hour = rateRefusal({ ...calm, lastHour: 120, oldestInHour: ago(3600 - 61) }, now);
    expect(hour?.message).toBe(
      'You have sent 120 messages in the last hour. Please wait 2 minutes before sending another.',
    );
  });

  it('previews the last message as one plain line', () => {
    expect(preview('  Hello\n\nthere  ')).toBe('Hello there');
    expect(preview('y'.repeat(200))).toBe(`${'y'.repeat(117)}...`);
  });
});
