import { z } from 'zod';
import { operation } from './operation.js';
import { wholeNumber } from './common.js';

// The getting-started wizard (spec 4 §2 "Getting-started wizard"; docs/domain.md "Getting started").

export const STEPS = [1, 2, 3, 4] as const;
export type Step = (typeof STEPS)[number];

/** What each step asks of the member, as the dots and headings name it. */
export const STEP_TITLES: Record<Step, string> = {
  1: 'Add your headshot',
  2: 'Tell members about you',
  3: 'Earn your first points',
  4: 'Spend points on publicity',
};

/** New members are sent to the wizard while their account is younger than this (G5). */
export const SEND_NEW_MEMBERS_DAYS = 14;

/** Headshot types the wizard takes (spec 4 §5: JPG, PNG, BMP). */
export const HEADSHOT_TYPES = ['image/jpeg', 'image/png', 'image/bmp'] as const;
export const HEADSHOT_WRONG_TYPE = 'Please choose a headshot in JPG, PNG or BMP format.';

/** Why a step cannot be marked done yet: its real effect is missing (G2). */
export const STEP_NOT_DONE: Record<Step, string> = {
  1: 'Upload a headshot and make it your profile photo first.',
  2: 'Please choose your location and main job title, and write a few words about yourself (more than 5 characters), first.',
  3: 'Earn points for one IMDb view first: press Start on a listing, then answer its question.',
  4: 'Add a listing of your own first, so members can act on it for your points.',
};

export const STEP_DONE = 'Step complete. Nicely done!';
export const ALL_DONE = "You're all set! Your profile is ready and your first points are at work.";
export const SKIPPED =
  'No problem. Getting Started stays in your account menu for whenever you want to come back.';
export const STEP_INVALID = 'Please choose one of the four steps.';

export interface StepState {
  step: Step;
  title: string;
  /** The server saw the step's real effect (G2); a done step stays done. */
  done: boolean;
}

export interface Progress {
  status: 'success';
  /** Where the wizard opens: the step the member was last on (G3). */
  current_step: Step;
  steps: StepState[];
  /** All four steps done. */
  finished: boolean;
  /** "Skip for now" was chosen. */
  dismissed: boolean;
  /** The start route sends the member here once per visit (G5). */
  send_here: boolean;
}

const stepInput = z.object({
  step: wholeNumber(
    z
      .number({ error: STEP_INVALID })
      .int({ error: STEP_INVALID })
      .min(1, { error: STEP_INVALID })
      .max(4, { error: STEP_INVALID }),
  ).transform((n) => n as Step),
});

/** onboarding/fetchProgress: the caller's own progress. */
export const fetchProgress = operation<Progress>()({
  method: 'GET',
  path: 'onboarding/fetchProgress',
  audience: 'member',
  input: z.object({}),
});

/** onboarding/completeStep: marks a step done once the server finds its effect (G2). */
export const completeStep = operation<Progress & { message: string }>()({
  method: 'POST',
  path: 'onboarding/completeStep',
  audience: 'member',
  input: stepInput,
});

/** onboarding/goToStep: the dot or Back/Next the member chose, kept so the wizard reopens there (G3). */
export const goToStep = operation<Progress>()({
  method: 'POST',
  path: 'onboarding/goToStep',
  audience: 'member',
  input: stepInput,
});

/** onboarding/dismiss: "Skip for now" (G5). */
export const dismiss = operation<Progress & { message: string }>()({
  method: 'POST',
  path: 'onboarding/dismiss',
  audience: 'member',
  input: z.object({}),
});
