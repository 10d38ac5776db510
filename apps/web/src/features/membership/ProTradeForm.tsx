import { useId, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { membership } from '@marquee/contract';
import { call } from '../../app/api';
import { useSession } from '../../app/session';
import { showSuccess } from '../../ui/toast';
import { membershipKey } from './api';

/**
 * The pro trade (spec 1 §5, D10.3): premium days the member already has, 2 for each pro day, in
 * steps of 2 up to 30, as the server offers them. Shown only when there is a choice.
 */
export function ProTradeForm({ trade: offer }: { trade: membership.MembershipPricesAnswer['proTrade'] }) {
  const id = useId();
  const { updateUser } = useSession();
  const queryClient = useQueryClient();
  const { choices, tradeablePremium } = offer;
  const [premium, setPremium] = useState(choices[0]?.premium ?? 0);
  const trade = useMutation({
    mutationFn: (days: number) => call(membership.tradePremiumForPro, { premium: days }),
    onSuccess: (answer) => {
      updateUser(answer.user);
      showSuccess(answer.message);
      // The days left, and so the choices, come from the server again.
      void queryClient.invalidateQueries({ queryKey: membershipKey });
    },
  });
  if (!choices.length) return null;
  const chosen = choices.find((c) => c.premium === premium) ?? choices[0];

  return (
    <form
      className="mq-plan__trade"
      onSubmit={(event) => {
        event.preventDefault();
        if (chosen) trade.mutate(chosen.premium);
      }}
    >
      <h3 className="mq-plan__trade-title">Trade Premium days for Pro</h3>
      <p className="small text-body-secondary mb-2">
        You have {tradeablePremium} Premium days. Every 2 become 1 Pro day.
      </p>
      <div className="mq-plan__trade-row">
        <label className="visually-hidden" htmlFor={`${id}-days`}>
          Premium days to trade
        </label>
        <select
          id={`${id}-days`}
          className="form-select"
          value={chosen?.premium}
          onChange={(event) => setPremium(Number(event.target.value))}
        >
          {choices.map((c) => (
            <option key={c.premium} value={c.premium}>
              {c.premium} Premium days for {c.pro} Pro {c.pro === 1 ? 'day' : 'days'}
            </option>
          ))}
        </select>
        <button type="submit" className="btn btn-accent" disabled={trade.isPending}>
          {trade.isPending ? 'Trading…' : 'Trade'}
        </button>
      </div>
    </form>
  );
}
