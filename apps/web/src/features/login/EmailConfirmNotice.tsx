import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { login } from '@marquee/contract';
import { call } from '../../app/api';
import { messageOf } from './AuthFrame';

export const emailConfirmationKey = ['login', 'emailConfirmation'] as const;

/**
 * The shell's notice for a member who has not confirmed their email address yet (D2.4): where the
 * link went, that the welcome points wait for it, and a way to have it mailed again.
 */
export function EmailConfirmNotice() {
  const state = useQuery({
    queryKey: emailConfirmationKey,
    queryFn: ({ signal }) => call(login.fetchEmailConfirmation, {}, { signal }),
    meta: { quiet: true },
    staleTime: 60_000,
  });
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  const resend = useMutation({
    mutationFn: () => call(login.resendConfirmation, {}),
    meta: { quiet: true },
    onSuccess: (answer) => setNote({ ok: true, text: answer.message }),
    onError: (failure) => setNote({ ok: false, text: messageOf(failure) }),
  });
  if (!state.data || state.data.confirmed) return null;
  return (
    <div className="mq-expiry mq-expiry--soon" role="region" aria-label="Email confirmation">
      <div className="container-xl mq-expiry__inner">
        <p className="mb-0" style={{ flex: '1 1 20rem' }}>
          <strong>Please confirm your email address.</strong> We sent a link to{' '}
          <strong className="text-break">{state.data.email}</strong>; your 100 welcome points are paid as soon
          as you open it.
          {note && (
            <span
              className={`d-block mt-1${note.ok ? '' : ' text-danger'}`}
              role={note.ok ? 'status' : 'alert'}
            >
              {note.text}
            </span>
          )}
        </p>
        <div className="mq-expiry__actions">
          <button
            type="button"
            className="btn btn-sm btn-accent"
            disabled={resend.isPending}
            onClick={() => resend.mutate()}
          >
            {resend.isPending ? 'Sending…' : 'Resend the mail'}
          </button>
        </div>
      </div>
    </div>
  );
}
