import type { AppDeps } from '../../platform/deps.js';
import { PlatformOffline } from '../../integrations/types.js';
import { PlatformAuthRejected } from '../../integrations/platform-fetch.js';
import { markTokenError, type LinkedAccount } from './linked-accounts.repo.js';

/**
 * Asks the platform whether a member's linked account followed or liked `target` (D5.6). A refused
 * sign-in marks the account token_error, so the account check asks them to authorise again.
 */
export async function askVerifier(
  deps: AppDeps,
  account: LinkedAccount,
  target: string,
): Promise<'seen' | 'unseen' | 'offline' | 'token_error'> {
  const platform = account.platform as 'twitter' | 'facebook';
  try {
    return (await deps.integrations.verifier.hasActed(platform, account, target)) ? 'seen' : 'unseen';
  } catch (e) {
    if (e instanceof PlatformAuthRejected) {
      await markTokenError(deps.db, account.userId, platform);
      return 'token_error';
    }
    if (e instanceof PlatformOffline) return 'offline';
    throw e;
  }
}
