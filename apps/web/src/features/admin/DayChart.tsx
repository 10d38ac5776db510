import { useId } from 'react';
import type { admin } from '@marquee/contract';
import { dayInShortWords } from '@marquee/contract';
import { niceCeiling } from './chart';

export interface ChartPart {
  key: keyof Omit<admin.DayFigures, 'day'>;
  label: string;
  /** The part's colour class (mq-chart__bar--{tone}). */
  tone: 'indigo' | 'gold' | 'teal' | 'rose' | 'green';
}

interface DayChartProps {
  title: string;
  days: admin.DayFigures[];
  parts: ChartPart[];
  /** How a value reads: '12' or '$12.00'. */
  format: (value: number) => string;
}

const WIDTH = 620;
const HEIGHT = 180;
const LEFT = 56;
const BOTTOM = 22;

/**
 * A bar per day, the parts stacked (AD3): drawn for the eye, with the same figures in a table that a
 * screen reader or a curious admin can open.
 */
export function DayChart({ title, days, parts, format }: DayChartProps) {
  const id = useId();
  const totals = days.map((d) => parts.reduce((sum, p) => sum + Math.max(0, d[p.key]), 0));
  const top = niceCeiling(Math.max(...totals, 0));
  const slot = (WIDTH - LEFT) / days.length;
  const barWidth = Math.max(2, slot * 0.7);
  const scale = (v: number) => (v / top) * (HEIGHT - BOTTOM - 8);
  const sum = totals.reduce((a, b) => a + b, 0);
  return (
    <section className="card mq-admin-card mq-chart" aria-labelledby={`${id}-title`}>
      <div className="card-body">
        <div className="mq-chart__head">
          <h2 id={`${id}-title`} className="mq-admin-card__title">
            {title}
          </h2>
          <ul className="mq-chart__legend" aria-hidden="true">
            {parts.map((p) => (
              <li key={p.key}>
                <span className={`mq-chart__swatch mq-chart__bar--${p.tone}`} />
                {p.label}
              </li>
            ))}
          </ul>
        </div>
        <div className="mq-chart__plot">
          <svg
            className="mq-chart__svg"
            viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
            role="img"
            aria-label={`${title}: ${format(sum)} over ${days.length} days, ${format(totals.at(-1) ?? 0)} today.`}
          >
            {[0, 0.5, 1].map((f) => {
              const y = HEIGHT - BOTTOM - scale(top * f);
              return (
                <g key={f}>
                  <line x1={LEFT} x2={WIDTH} y1={y} y2={y} className="mq-chart__grid" />
                  <text x={LEFT - 6} y={y + 4} className="mq-chart__axis" textAnchor="end">
                    {format(top * f)}
                  </text>
                </g>
              );
            })}
            {days.map((d, i) => {
              let y = HEIGHT - BOTTOM;
              const x = LEFT + i * slot + (slot - barWidth) / 2;
              return (
                <g key={d.day}>
                  <title>{`${dayInShortWords(d.day)}: ${parts.map((p) => `${p.label} ${format(d[p.key])}`).join(', ')}`}</title>
                  {parts.map((p) => {
                    const h = scale(Math.max(0, d[p.key]));
                    y -= h;
                    return h > 0 ? (
                      <rect
                        key={p.key}
                        x={x}
                        y={y}
                        width={barWidth}
                        height={h}
                        className={`mq-chart__bar--${p.tone}`}
                      />
                    ) : null;
                  })}
                  {(i % 7 === days.length % 7 || i === days.length - 1) && (
                    <text
                      x={i === days.length - 1 ? x + barWidth : x + barWidth / 2}
                      y={HEIGHT - 4}
                      className="mq-chart__axis"
                      textAnchor={i === days.length - 1 ? 'end' : 'middle'}
                    >
                      {i === days.length - 1 ? 'Today' : dayInShortWords(d.day)}
                    </text>
                  )}
                </g>
              );
            })}
          </svg>
          {sum === 0 && <p className="mq-chart__none">Nothing in these {days.length} days yet.</p>}
        </div>
        <details className="mq-chart__figures">
          <summary>The figures</summary>
          {/* A scrolling region: reachable by keyboard, so its rows can be scrolled without a mouse. */}
          <div className="table-responsive" tabIndex={0} role="region" aria-label={`${title}, day by day`}>
            <table className="table table-sm mb-0">
              <caption className="visually-hidden">{title}, day by day</caption>
              <thead>
                <tr>
                  <th scope="col">Day</th>
                  {parts.map((p) => (
                    <th key={p.key} scope="col" className="text-end">
                      {p.label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {[...days].reverse().map((d) => (
                  <tr key={d.day}>
                    <th scope="row">{dayInShortWords(d.day)}</th>
                    {parts.map((p) => (
                      <td key={p.key} className="text-end">
                        {format(d[p.key])}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      </div>
    </section>
  );
}
