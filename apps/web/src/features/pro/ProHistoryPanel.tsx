import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { dayInShortWords, pro } from '@marquee/contract';
import { LoadingLine, SideCard } from '../../ui/SideCard';
import { proHistoryQuery } from './api';

type Tab = 'current' | 'past';
const TABS: { tab: Tab; label: string }[] = [
  { tab: 'current', label: 'This Week' },
  { tab: 'past', label: 'Past Weeks' },
];

const count = (n: number) => n.toLocaleString('en-US');

/**
 * Historical stats (spec 2 §2, §3 Pro data): this Pacific week's IMDb views day by day, and the
 * past weeks with the STARmeter rank change. Pro members only; the dashboard shows it on the IMDb tab.
 */
export function ProHistoryPanel() {
  const [tab, setTab] = useState<Tab>('current');
  const id = useId();
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);

  // Arrow keys move between the tabs, as a tab list does (WAI-ARIA tabs pattern).
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const moves: Record<string, number> = { ArrowRight: 1, ArrowLeft: -1, Home: -index, End: 1 - index };
    const move = moves[event.key];
    if (move === undefined) return;
    event.preventDefault();
    const next = (index + move + TABS.length) % TABS.length;
    setTab(TABS[next]!.tab);
    tabRefs.current[next]?.focus();
  };

  return (
    <SideCard title="Historical Stats" className="mq-pro-card mq-pro-history">
      <div role="tablist" aria-label="Which weeks" className="mq-pro-tabs">
        {TABS.map((t, index) => (
          <button
            key={t.tab}
            ref={(el) => {
              tabRefs.current[index] = el;
            }}
            type="button"
            role="tab"
            id={`${id}-${t.tab}-tab`}
            aria-selected={tab === t.tab}
            aria-controls={`${id}-${t.tab}-panel`}
            tabIndex={tab === t.tab ? 0 : -1}
            className={`mq-pro-tabs__tab${tab === t.tab ? ' is-active' : ''}`}
            onClick={() => setTab(t.tab)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-${tab}-panel`} aria-labelledby={`${id}-${tab}-tab`}>
        {tab === 'current' ? <ThisWeek /> : <PastWeeks />}
      </div>
    </SideCard>
  );
}

function ThisWeek() {
  const history = useQuery(proHistoryQuery('current'));
  if (history.isPending) return <LoadingLine>Loading this week’s views…</LoadingLine>;
  if (history.isError) return <p className="text-body-secondary mb-0">{history.error.message}</p>;
  const { current, total } = history.data;
  if (total === 0) return <p className="mq-pro-empty mb-0">{pro.PRO_HISTORY_EMPTY}</p>;
  const most = Math.max(...current.map((d) => d.views), 1);
  return (
    <table className="table table-sm mq-pro-table mb-0">
      <caption className="visually-hidden">IMDb views of your listings this week, by day</caption>
      <thead>
        <tr>
          <th scope="col">Day</th>
          <th scope="col" className="text-end">
            Views
          </th>
        </tr>
      </thead>
      <tbody>
        {current.map((d) => (
          <tr key={d.date}>
            <th scope="row">
              {d.day.slice(0, 3)} <span className="mq-pro-table__date">{dayInShortWords(d.date)}</span>
            </th>
            <td className="mq-pro-table__views">
              <span className="mq-pro-bar" aria-hidden="true">
                <span style={{ width: `${(d.views / most) * 100}%` }} />
              </span>
              {count(d.views)}
            </td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">Total</th>
          <td className="text-end">{count(total)}</td>
        </tr>
      </tfoot>
    </table>
  );
}

const CHANGE_WORDS = { red: 'places down', black: 'places down', green: 'places up' } as const;

function PastWeeks() {
  const history = useQuery(proHistoryQuery('past'));
  if (history.isPending) return <LoadingLine>Loading your past weeks…</LoadingLine>;
  if (history.isError) return <p className="text-body-secondary mb-0">{history.error.message}</p>;
  const { past } = history.data;
  if (past.length === 0) {
    return (
      <p className="mq-pro-empty mb-0">Your weeks show here once your first week as a member has ended.</p>
    );
  }
  return (
    <>
      <table className="table table-sm mq-pro-table mb-0">
        <caption className="visually-hidden">
          IMDb views and STARmeter rank of past weeks, newest first
        </caption>
        <thead>
          <tr>
            <th scope="col">Week ending</th>
            <th scope="col" className="text-end">
              Views
            </th>
            <th scope="col" className="text-end">
              STARmeter
            </th>
            <th scope="col" className="text-end">
              Change
            </th>
          </tr>
        </thead>
        <tbody>
          {past.map((w) => {
            const colour = w.changeInt === null ? null : pro.rankChangeColour(w.changeInt);
            return (
              <tr key={w.weekEnding}>
                <th scope="row">{dayInShortWords(w.weekEnding)}</th>
                <td className="text-end">{count(w.views)}</td>
                <td className="text-end">{w.rank === null ? <NotRead /> : count(w.rank)}</td>
                <td className="text-end">
                  {colour === null || w.changeInt === null ? (
                    <NotRead />
                  ) : (
                    <span className={`mq-rank-change mq-rank-change--${colour}`}>
                      {w.change}
                      {w.changeInt !== 0 && <span className="visually-hidden"> {CHANGE_WORDS[colour]}</span>}
                    </span>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p className="mq-pro-note">
        STARmeter ranks are read from your IMDb page each Monday. A smaller number is a better rank, so green
        means you moved up.
      </p>
    </>
  );
}

function NotRead() {
  return (
    <span className="text-body-secondary" title="Not read">
      –<span className="visually-hidden">not read</span>
    </span>
  );
}
