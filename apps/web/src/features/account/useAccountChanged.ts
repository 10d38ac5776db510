import { useQueryClient } from '@tanstack/react-query';
import type { account } from '@marquee/contract';
import { useSession } from '../../app/session';
import { showSuccess } from '../../ui/toast';
import { detailsKey } from './api';

/** After any change to the member: the page's details and the shell's current user (its name) refresh. */
export function useAccountChanged() {
  const queryClient = useQueryClient();
  const { updateUser } = useSession();
  return (answer: account.AccountChanged) => {
    queryClient.setQueryData(detailsKey, { status: 'success' as const, user: answer.user });
    updateUser(answer.currentUser);
    showSuccess(answer.message);
  };
}
