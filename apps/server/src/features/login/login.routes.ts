import type { FastifyInstance } from 'fastify';
import { login } from '@marquee/contract';
import { serve } from '../../platform/route.js';
import * as service from './login.service.js';
import * as signup from './signup.service.js';
import { originOf } from './session.service.js';

const origin = originOf;

export function loginRoutes(app: FastifyInstance) {
  serve(app, login.register, ({ deps, input, req }) => signup.register(deps, input, origin(req)));
  serve(app, login.checkCredentials, ({ deps, input, req }) =>
    service.checkCredentials(deps, input, origin(req)),
  );
  serve(app, login.confirmEmail, ({ deps, input, req }) =>
    signup.confirmEmail(deps, input.token, origin(req)),
  );
  serve(app, login.fetchEmailConfirmation, ({ deps, caller }) =>
    signup.fetchEmailConfirmation(deps, caller.userId),
  );
  serve(app, login.resendConfirmation, ({ deps, caller }) => signup.resendConfirmation(deps, caller.userId));
  serve(app, login.checkToken, ({ deps, input }) => service.checkToken(deps, input));
  serve(app, login.logout, ({ deps, caller }) => service.logout(deps, caller.sessionId));
  serve(app, login.startPasswordReset, ({ deps, input, req }) =>
    service.startPasswordReset(deps, input, origin(req)),
  );
  serve(app, login.checkResetToken, ({ deps, input }) => service.checkResetToken(deps, input.token));
  serve(app, login.completePasswordReset, ({ deps, input, req }) =>
    service.completePasswordReset(deps, input, origin(req)),
  );
}
