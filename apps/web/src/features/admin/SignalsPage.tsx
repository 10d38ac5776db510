import { Link, useSearchParams } from 'react-router';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminSignals } from '@marquee/contract';
import { Pager } from '../../ui/Pager';
import { showSuccess } from '../../ui/toast';
import { AdminLayout } from './AdminLayout';
import { QueueState } from './QueueState';
import { SignalList } from './SignalList';
import { adminKey, refreshSignals, signalsQuery } from './api';

/** /admin/signals: who may be gaming the exchange and why, ranked (D11.2; docs/domain.md FP1-FP8). */
export default function SignalsPage() {
  const [search] = useSearchParams();
  const page = Math.max(0, Math.floor(Number(search.get('page')) || 0));
  const signals = useQuery({ ...signalsQuery(page), placeholderData: keepPreviousData });
  const queryClient = useQueryClient();
  const compute = useMutation({
    mutationFn: refreshSignals,
    onSuccess: (answer) => {
      showSuccess(answer.message);
      void queryClient.invalidateQueries({ queryKey: [...adminKey, 'signals'] });
    },
  });
  const at = signals.data?.ago;
  return (
    <AdminLayout
      title="Fair Play"
      actions={
        <button
          type="button"
          className="btn btn-outline-primary btn-sm"
          disabled={compute.isPending}
          onClick={() => compute.mutate()}
        >
          {compute.isPending ? 'Computing…' : 'Compute now'}
        </button>
      }
    >
      <p className="mq-admin__intro">
        {adminSignals.SIGNALS_NOTE}{' '}
        {signals.data &&
          (at ? `Computed ${at}; every day at midnight, Pacific.` : adminSignals.NEVER_COMPUTED)}
      </p>
      <QueueState query={signals} what="the signals" empty={adminSignals.EMPTY_SIGNALS}>
        {(data) => (
          <>
            <ol className="mq-queue" aria-label="Members with signals">
              {data.members.map((m) => (
                <li key={m.user_id} className="card mq-admin-card mq-queue__item">
                  <div className="card-body">
                    <div className="mq-admin-card__bar">
                      <h2 className="mq-queue__title mb-0">
                        <Link to={`/admin/users/${m.user_id}`}>
                          {m.first} {m.last}
                        </Link>{' '}
                        <span className="text-body-secondary small">#{m.user_id}</span>
                      </h2>
                      <span className="mq-signals__total">Score {m.score}</span>
                    </div>
                    <SignalList signals={m.signals} />
                  </div>
                </li>
              ))}
            </ol>
            {data.pageCount > 1 && (
              <Pager
                current={page}
                pageCount={data.pageCount}
                hrefOf={(p) => (p === 0 ? '/admin/signals' : `/admin/signals?page=${p}`)}
                label="Fair play pages"
              />
            )}
          </>
        )}
      </QueueState>
    </AdminLayout>
  );
}
