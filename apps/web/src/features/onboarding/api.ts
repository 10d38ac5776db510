import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { onboarding } from '@marquee/contract';
import { call } from '../../app/api';

export const progressKey = ['onboarding', 'progress'] as const;

/** The member's wizard progress, kept on the server (docs/domain.md G3). */
export const progressQuery = queryOptions({
  queryKey: progressKey,
  queryFn: ({ signal }) => call(onboarding.fetchProgress, {}, { signal }),
  retry: false,
  meta: { quiet: true },
});

/** Each wizard call answers the whole progress: it replaces what the page holds. */
function useProgressCall<Input, Answer extends onboarding.Progress>(
  send: (input: Input) => Promise<Answer>,
  quiet = false,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (answer) => queryClient.setQueryData(progressKey, answer),
    meta: { quiet },
  });
}

/** Its refusal (what is still missing) is shown in the step itself, not as a toast. */
export const useCompleteStep = () =>
  useProgressCall((step: onboarding.Step) => call(onboarding.completeStep, { step }), true);

export const useGoToStep = () =>
  useProgressCall((step: onboarding.Step) => call(onboarding.goToStep, { step }));

export const useDismiss = () => useProgressCall(() => call(onboarding.dismiss, {}));

/** The start route checks once per visit (browser tab session) whether to send the member here (G5). */
const checkedKey = (userId: number) => `marquee-start-checked-${userId}`;

export function startChecked(userId: number): boolean {
  try {
    return window.sessionStorage.getItem(checkedKey(userId)) === 'yes';
  } catch {
    return true;
  }
}

export function markStartChecked(userId: number): void {
  try {
    window.sessionStorage.setItem(checkedKey(userId), 'yes');
  } catch {
    // Without session storage the member is simply not sent again.
  }
}
