import { useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { actionsOnPlatform, sponsored } from '@marquee/contract';
import { call } from '../../app/api';
import { showSuccess } from '../../ui/toast';
import { specialsKey, specialsQuery } from './api';
import { countsInWords, specialCounts, typesInWords } from './sponsor';

/**
 * The dashboard's sponsor special banner (spec 2 §2, §3, §7, §8): the running special's call to
 * action, its counts (multiples of the minimum up to the maximum), its price and end, and the
 * member's listings it applies to. Hide keeps it away for the rest of this login. Nothing is shown
 * when no special runs, when the call fails (only logged), or once hidden.
 *
 * `onChooseListing`, when given, turns each listing into a button (to open its purchase form).
 */
export function SpecialBanner({ onChooseListing }: { onChooseListing?: (listingId: number) => void }) {
  const id = useId();
  const queryClient = useQueryClient();
  const { data } = useQuery(specialsQuery);
  const [hidden, setHidden] = useState(false);
  const hide = useMutation({
    mutationFn: () => call(sponsored.hideSpecials, {}),
    onMutate: () => setHidden(true),
    onSuccess: (answer) => {
      showSuccess(answer.message);
      queryClient.setQueryData(specialsKey, (old) =>
        old ? { ...old, activeSpecial: 'no' as const, special: null, listings: [] } : old,
      );
    },
  });
  const special = data?.special;
  if (hidden || !data || data.activeSpecial !== 'yes' || !special || data.listings.length === 0) return null;

  const counts = countsInWords(specialCounts(special));
  const what =
    special.types.length === 1
      ? `sponsored ${typesInWords(special.types)}`
      : `sponsored actions (${typesInWords(special.types)})`;

  return (
    <section className="mq-special" aria-labelledby={`${id}-title`}>
      <div className="mq-special__head">
        <p className="mq-special__eyebrow">Sponsor special</p>
        <button
          type="button"
          className="btn btn-sm mq-special__hide"
          disabled={hide.isPending}
          onClick={() => hide.mutate()}
        >
          Hide<span className="visually-hidden"> the sponsor special</span>
        </button>
      </div>
      <h2 id={`${id}-title`} className="mq-special__title">
        {special.cta}
      </h2>
      <p className="mq-special__terms">
        Buy {counts} {what} at <strong>{special.price}</strong> per {special.minimum.toLocaleString('en-US')},
        until <strong>{data.prettyEnd}</strong>.
      </p>
      <p className="mq-special__for" id={`${id}-for`}>
        For your listings:
      </p>
      <ul className="mq-special__listings" aria-labelledby={`${id}-for`}>
        {data.listings.map((l) => (
          <li key={l.id}>
            {onChooseListing ? (
              <button type="button" className="btn btn-sm btn-accent" onClick={() => onChooseListing(l.id)}>
                {l.title}
                <span className="mq-special__type"> · {actionsOnPlatform(l.type)}</span>
              </button>
            ) : (
              <span className="mq-special__listing">
                {l.title}
                <span className="mq-special__type"> · {actionsOnPlatform(l.type)}</span>
              </span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
