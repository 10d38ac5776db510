import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../app/api';
import { useCurrentUser } from '../../app/session';
import { minimumOptionsQuery } from './api';
import { ProHistoryPanel } from './ProHistoryPanel';
import { ProSettingsPanel } from './ProSettingsPanel';

/**
 * The pro panels of the dashboard's IMDb tab (spec 2 §2): for pro members only. Others see nothing,
 * and the server refuses them too; a member whose stored level is out of date (pro time just ran
 * out) sees nothing either once the server has said no.
 */
export function ProPanels() {
  const user = useCurrentUser();
  const isPro = user.abilities.proTools;
  // The settings panel asks this anyway: the answer is shared, not asked twice.
  const access = useQuery({ ...minimumOptionsQuery, enabled: isPro });
  if (!isPro) return null;
  if (access.error instanceof ApiError && access.error.httpStatus === 403) return null;
  return (
    <div className="mq-pro-panels">
      <ProHistoryPanel />
      <ProSettingsPanel />
    </div>
  );
}
