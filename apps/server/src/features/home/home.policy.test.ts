import { describe, expect, it } from 'vitest';
import { describeMember, greetingFor, memberSince } from './home.policy.js';

describe('how the home cards describe a member', () => {
  it('their jobs and location as they typed them, or the fallback', () => {
    expect(
      describeMember({ job1: 'Actor', job2: ' Writer ', job3: null, location: 'Atlanta, GA' }, 'x'),
    ).toBe('Actor, Writer · Atlanta, GA');
    expect(describeMember({ job1: null, job2: null, job3: null, location: 'Leeds' }, 'x')).toBe('Leeds');
    expect(describeMember({ job1: '', job2: null, job3: '  ', location: null }, 'New to Marquee')).toBe(
      'New to Marquee',
    );
  });

  it('member since the Pacific month they joined (D1.1)', () => {
    expect(memberSince(new Date('2026-04-01T05:00:00Z'))).toBe('Marquee member since March 2026');
  });
});

describe('the home greeting (docs/domain.md Home page)', () => {
  it('is a welcome for the first 24 hours after joining, a welcome back after', () => {
    const joined = new Date('2026-04-01T05:00:00Z');
    expect(greetingFor(joined, joined)).toBe('welcome');
    expect(greetingFor(joined, new Date('2026-04-02T04:59:59Z'))).toBe('welcome');
    expect(greetingFor(joined, new Date('2026-04-02T05:00:00Z'))).toBe('welcome_back');
  });
});
