import { onboarding as contract } from '@marquee/contract';
import type { AppDeps } from '../../platform/deps.js';
import type { Caller } from '../../platform/auth.js';
import { conflict } from '../../platform/errors.js';
import { effectExists, nextStep, sendHere } from './onboarding.policy.js';
import { effectsOf, progressOf, recordStepDone, saveProgress } from './onboarding.repo.js';

type Step = contract.Step;

const asStep = (n: number): Step => (contract.STEPS.includes(n as Step) ? (n as Step) : 1);

/** The caller's progress as the wizard shows it. */
async function present(deps: AppDeps, userId: number): Promise<contract.Progress> {
  const { joinedAt, row, done } = await progressOf(deps.db, userId);
  const doneSet = new Set(done);
  const finished = row?.finishedAt != null;
  const dismissed = row?.dismissedAt != null;
  return {
    status: 'success',
    current_step: asStep(row?.currentStep ?? 1),
    steps: contract.STEPS.map((step) => ({
      step,
      title: contract.STEP_TITLES[step],
      done: doneSet.has(step),
    })),
    finished,
    dismissed,
    send_here: sendHere({ finished, dismissed, joinedAt: joinedAt ?? new Date(0), now: deps.clock.now() }),
  };
}

/** onboarding/fetchProgress: the caller's own progress, nobody else's. */
export function fetchProgress(deps: AppDeps, caller: Caller) {
  return present(deps, caller.userId);
}

/**
 * onboarding/completeStep (G2): the server looks for the step's real effect rather than trusting the
 * page; then the wizard moves on (G3), and the fourth step done finishes it (G4).
 */
export async function completeStep(deps: AppDeps, caller: Caller, step: Step) {
  const now = deps.clock.now();
  const before = await progressOf(deps.db, caller.userId);
  if (!before.done.includes(step)) {
    const effects = await effectsOf(deps.db, caller.userId);
    if (!effects || !effectExists(step, effects)) throw conflict(contract.STEP_NOT_DONE[step]);
  }
  const wasFinished = before.row?.finishedAt != null;
  await deps.db.transaction(async (tx) => {
    const done = new Set((await recordStepDone(tx, caller.userId, step, now)).map(asStep));
    await saveProgress(tx, caller.userId, now, {
      currentStep: nextStep(step, done),
      finished: done.size === contract.STEPS.length,
    });
  });
  const progress = await present(deps, caller.userId);
  const justFinished = progress.finished && !wasFinished;
  return { ...progress, message: justFinished ? contract.ALL_DONE : contract.STEP_DONE };
}

/** onboarding/goToStep (G3): the step the member moved to, so the wizard reopens there. */
export async function goToStep(deps: AppDeps, caller: Caller, step: Step) {
  await saveProgress(deps.db, caller.userId, deps.clock.now(), { currentStep: step });
  return present(deps, caller.userId);
}

/** onboarding/dismiss (G5): "Skip for now"; the start route stops sending the member here. */
export async function dismiss(deps: AppDeps, caller: Caller) {
  const { row } = await progressOf(deps.db, caller.userId);
  await saveProgress(deps.db, caller.userId, deps.clock.now(), {
    currentStep: row?.currentStep ?? 1,
    dismissed: true,
  });
  return { ...(await present(deps, caller.userId)), message: contract.SKIPPED };
}
