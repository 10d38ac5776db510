import { describe, expect, it } from 'vitest';
import { effectExists, nextStep, sendHere, type StepEffects } from './onboarding.policy.js';

const none: StepEffects = {
  headshot: false,
  location: null,
  job1: null,
  bio: null,
  imdbCredit: false,
  listing: false,
};

describe('effectExists (G2)', () => {
  it('step 1 is the default photo, 3 an IMDb credit, 4 a listing', () => {
    expect(effectExists(1, none)).toBe(false);
    expect(effectExists(1, { ...none, headshot: true })).toBe(true);
    expect(effectExists(3, { ...none, imdbCredit: true })).toBe(true);
    expect(effectExists(4, { ...none, listing: true })).toBe(true);
    expect(effectExists(4, { ...none, imdbCredit: true, headshot: true })).toBe(false);
  });

  it('step 2 needs a location, a main job and a bio the profile shows (over 5 characters)', () => {
    const full = { ...none, location: 'Atlanta, GA', job1: 'Actor', bio: 'Actor.' };
    expect(effectExists(2, full)).toBe(true);
    expect(effectExists(2, { ...full, bio: ' Hi!! ' })).toBe(false);
    expect(effectExists(2, { ...full, location: '  ' })).toBe(false);
    expect(effectExists(2, { ...full, job1: null })).toBe(false);
  });
});

describe('nextStep (G3)', () => {
  it('moves to the next step still to do, wrapping to an earlier one, or stays when all are done', () => {
    expect(nextStep(1, new Set([1]))).toBe(2);
    expect(nextStep(2, new Set([2, 3]))).toBe(4);
    expect(nextStep(4, new Set([2, 4]))).toBe(1);
    expect(nextStep(3, new Set([1, 2, 3, 4]))).toBe(3);
  });
});

describe('sendHere (G5)', () => {
  const now = new Date('2026-03-10T18:00:00Z');
  const daysAgo = (d: number) => new Date(now.getTime() - d * 86_400_000);
  it('is true for an unfinished, unskipped account younger than 14 days', () => {
    expect(sendHere({ finished: false, dismissed: false, joinedAt: daysAgo(0), now })).toBe(true);
    expect(sendHere({ finished: false, dismissed: false, joinedAt: daysAgo(13.9), now })).toBe(true);
    expect(sendHere({ finished: false, dismissed: false, joinedAt: daysAgo(14), now })).toBe(false);
    expect(sendHere({ finished: true, dismissed: false, joinedAt: daysAgo(0), now })).toBe(false);
    expect(sendHere({ finished: false, dismissed: true, joinedAt: daysAgo(0), now })).toBe(false);
  });
});
