import { onboarding as contract, profile } from '@marquee/contract';
import { DAY_MS } from '../../platform/time.js';

type Step = contract.Step;

/** What the server finds of each step's real effect (G2). */
export interface StepEffects {
  /** The member has a default profile photo. */
  headshot: boolean;
  location: string | null;
  job1: string | null;
  bio: string | null;
  /** At least one IMDb view credited to the member as the earner. */
  imdbCredit: boolean;
  /** At least one listing of their own that is not deleted. */
  listing: boolean;
}

/** G2: a step is done when its effect exists; details need a location, a main job and a shown bio. */
export function effectExists(step: Step, e: StepEffects): boolean {
  switch (step) {
    case 1:
      return e.headshot;
    case 2:
      return (
        Boolean(e.location?.trim()) &&
        Boolean(e.job1?.trim()) &&
        (e.bio ?? '').trim().length > profile.BIO_SHOWN_ABOVE
      );
    case 3:
      return e.imdbCredit;
    case 4:
      return e.listing;
  }
}

/** G3: after a step is done the wizard moves to the first step still to do after it, else the first one left. */
export function nextStep(from: Step, done: ReadonlySet<Step>): Step {
  const after = contract.STEPS.filter((s) => s > from && !done.has(s));
  const before = contract.STEPS.filter((s) => s <= from && !done.has(s));
  return after[0] ?? before[0] ?? from;
}

/**
 * G5: the start route sends a member here while the wizard is neither finished nor skipped and their
 * account is younger than SEND_NEW_MEMBERS_DAYS.
 */
export function sendHere(p: { finished: boolean; dismissed: boolean; joinedAt: Date; now: Date }): boolean {
  if (p.finished || p.dismissed) return false;
  return p.now.getTime() - p.joinedAt.getTime() < contract.SEND_NEW_MEMBERS_DAYS * DAY_MS;
}
