import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { account } from '@marquee/contract';
import { ApiError, call } from '../../app/api';
import { LoadingLine, SideCard } from '../../ui/SideCard';
import { showError, showSuccess } from '../../ui/toast';
import { emailSettingsKey, emailSettingsQuery } from './api';

/** Spec 3 §8: a failed update is a toast with the page's own text, unless the failure is only logged. */
function updateFailed(error: unknown) {
  showError(
    error instanceof ApiError
      ? new ApiError(account.EMAIL_SETTINGS_UPDATE_FAILED, error.status, error.httpStatus, error.extra)
      : error,
  );
}

/** The Email Settings card (spec 3 §3): the 'all' switch first, then each kind of optional mail. */
export function EmailSettingsCard() {
  const queryClient = useQueryClient();
  const settings = useQuery(emailSettingsQuery);
  // The switch moves in the same render as the click; the mutation's own state arrives a tick later.
  const [moving, setMoving] = useState<{ field: string; value: boolean } | null>(null);
  const save = useMutation({
    mutationFn: (change: { field: string; value: boolean }) =>
      call(account.updateEmailSetting, { field: change.field, value: change.value ? 'yes' : 'no' }),
    onSuccess: (answer) => {
      queryClient.setQueryData(emailSettingsKey, { status: 'success' as const, settings: answer.settings });
      showSuccess(account.EMAIL_SETTINGS_UPDATED);
    },
    onError: updateFailed,
    onSettled: () => setMoving(null),
    meta: { quiet: true },
  });

  const list = settings.data?.settings ?? [];
  const allOff = list[0]?.enabled === false;
  return (
    <SideCard title="Email Settings" className="mq-account-card">
      {settings.isPending ? (
        <LoadingLine>Loading your settings…</LoadingLine>
      ) : settings.isError ? (
        <div role="alert">
          <p className="mb-2">{account.EMAIL_SETTINGS_LOAD_FAILED}</p>
          <button
            type="button"
            className="btn btn-sm btn-outline-primary"
            onClick={() => void settings.refetch()}
          >
            Try again
          </button>
        </div>
      ) : list.length === 0 ? (
        <p className="text-body-secondary mb-0">Marquee sends you no optional emails.</p>
      ) : (
        <ul className="mq-email-settings" aria-busy={moving !== null}>
          {list.map((setting, index) => {
            const id = `mq-email-${setting.name}`;
            const heldOff = index > 0 && allOff;
            const on = !heldOff && (moving?.field === setting.name ? moving.value : setting.enabled);
            return (
              <li key={setting.name} className={index === 0 ? 'mq-email-settings__all' : undefined}>
                <div className="form-check form-switch">
                  <input
                    className="form-check-input"
                    type="checkbox"
                    role="switch"
                    id={id}
                    checked={on}
                    disabled={moving !== null || heldOff}
                    aria-describedby={`${id}-desc`}
                    onChange={(event) => {
                      const change = { field: setting.name, value: event.target.checked };
                      setMoving(change);
                      save.mutate(change);
                    }}
                  />
                  <label className="form-check-label" htmlFor={id}>
                    {setting.title}
                  </label>
                </div>
                <p id={`${id}-desc`} className="mq-email-settings__desc">
                  {heldOff ? 'Off while All emails is off. ' : ''}
                  {setting.description}
                </p>
              </li>
            );
          })}
        </ul>
      )}
    </SideCard>
  );
}
