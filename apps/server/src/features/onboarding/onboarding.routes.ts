import type { FastifyInstance } from 'fastify';
import { onboarding } from '@marquee/contract';
import { serve } from '../../platform/route.js';
import * as service from './onboarding.service.js';

/** The getting-started wizard (spec 4 §2; docs/domain.md "Getting started"): the caller's own progress only. */
export function onboardingRoutes(app: FastifyInstance) {
  serve(app, onboarding.fetchProgress, ({ deps, caller }) => service.fetchProgress(deps, caller));
  serve(app, onboarding.completeStep, ({ deps, caller, input }) =>
    service.completeStep(deps, caller, input.step),
  );
  serve(app, onboarding.goToStep, ({ deps, caller, input }) => service.goToStep(deps, caller, input.step));
  serve(app, onboarding.dismiss, ({ deps, caller }) => service.dismiss(deps, caller));
}
