import type { FastifyInstance } from 'fastify';
import { account } from '@marquee/contract';
import { serve } from '../../platform/route.js';
import * as service from './account.service.js';

/** The Account page (spec 3 §2, §7): details, the modal's updates, linked accounts, closing, email settings. */
export function accountRoutes(app: FastifyInstance) {
  serve(app, account.fetchAccountDetails, ({ deps, caller }) => service.fetchAccountDetails(deps, caller));
  serve(app, account.updateUserField, ({ deps, caller, input }) =>
    service.updateUserField(deps, caller, input),
  );
  serve(app, account.removeLinkedAccount, ({ deps, caller, input }) =>
    service.removeLinkedAccount(deps, caller, input.a),
  );
  serve(app, account.refreshIMDbInfo, ({ deps, caller }) => service.refreshIMDbInfo(deps, caller));
  serve(app, account.selectNameOption, ({ deps, caller, input }) =>
    service.selectNameOption(deps, caller, input),
  );
  serve(app, account.deactivate, ({ deps, caller }) => service.deactivate(deps, caller));
  serve(app, account.deleteAccount, ({ deps, caller }) => service.deleteAccount(deps, caller));
  serve(app, account.fetchEmailSettings, ({ deps, caller }) => service.fetchEmailSettings(deps, caller));
  serve(app, account.updateEmailSetting, ({ deps, caller, input }) =>
    service.updateEmailSetting(deps, caller, input),
  );
}
