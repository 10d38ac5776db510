import type { managed } from '@marquee/contract';
import { useMaxWidth } from '../../ui/useMediaQuery';
import { rankSpan, shortWeek } from './rankChart';

/** The drawing's size: on a phone a narrower one, so its words keep a readable size once scaled. */
const WIDE = { width: 640, height: 240 };
const NARROW = { width: 360, height: 220 };
const LEFT = 62;
const RIGHT = 18;
const TOP = 18;
const BOTTOM = 30;

const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

/**
 * The page's STARmeter rank week by week (MR10), drawn as the admin console draws its charts (an SVG
 * for the eye; the same figures are in the table beside it). A smaller rank is better, so the line
 * rises as the page climbs; the dashed line is the tier's target.
 */
export function RankChart({ weeks, target }: { weeks: managed.RankWeek[]; target: number | null }) {
  const narrow = useMaxWidth(575);
  const { width, height } = narrow ? NARROW : WIDE;
  // The history comes newest first; the chart reads left to right, oldest first.
  const points = [...weeks].reverse();
  const ranks = points.map((w) => w.rank);
  const { min: yMin, max: yMax } = rankSpan(ranks, target);
  const plotHeight = height - TOP - BOTTOM;
  const y = (rank: number) => TOP + ((rank - yMin) / (yMax - yMin)) * plotHeight;
  const slot = (width - LEFT - RIGHT) / Math.max(1, points.length);
  const x = (i: number) => LEFT + slot * i + slot / 2;
  const path = points
    .map((w, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${y(w.rank).toFixed(1)}`)
    .join(' ');
  const everyOther = points.length > (narrow ? 5 : 8);
  const first = points[0];
  const last = points.at(-1);
  const summary =
    first && last
      ? `STARmeter rank over ${points.length} ${points.length === 1 ? 'week' : 'weeks'}, lower is better: ${first.starmeter} in the week ending ${first.week_ending}, ${last.starmeter} in the week ending ${last.week_ending}${target ? `; the target is ${target.toLocaleString('en-US')}` : ''}.`
      : 'STARmeter rank: no weeks yet.';

  return (
    <div className="mq-rank-chart">
      <ul className="mq-rank-chart__legend" aria-hidden="true">
        <li>
          <span className="mq-rank-chart__key mq-rank-chart__key--rank" />
          STARmeter rank (higher on the chart is better)
        </li>
        {target !== null && (
          <li>
            <span className="mq-rank-chart__key mq-rank-chart__key--target" />
            Target {target.toLocaleString('en-US')}
          </li>
        )}
      </ul>
      <svg className="mq-rank-chart__svg" viewBox={`0 0 ${width} ${height}`} role="img" aria-label={summary}>
        {[yMin, (yMin + yMax) / 2, yMax].map((value) => (
          <g key={value}>
            <line x1={LEFT} x2={width - RIGHT} y1={y(value)} y2={y(value)} className="mq-rank-chart__grid" />
            <text x={LEFT - 8} y={y(value) + 5} className="mq-rank-chart__axis" textAnchor="end">
              {compact.format(Math.round(value))}
            </text>
          </g>
        ))}
        {target !== null && (
          <g>
            <line
              x1={LEFT}
              x2={width - RIGHT}
              y1={y(target)}
              y2={y(target)}
              className="mq-rank-chart__target"
            />
            <text x={width - RIGHT} y={y(target) - 6} className="mq-rank-chart__axis" textAnchor="end">
              Target
            </text>
          </g>
        )}
        <path d={path} className="mq-rank-chart__line" />
        {points.map((w, i) => (
          <g key={w.week_ending}>
            <title>{`Week ending ${w.week_ending}: ${w.starmeter}, ${w.label}`}</title>
            <circle
              cx={x(i)}
              cy={y(w.rank)}
              r={5}
              className={
                w.label === 'On target' ? 'mq-rank-chart__dot mq-rank-chart__dot--on' : 'mq-rank-chart__dot'
              }
            />
            {(!everyOther || i % 2 === (points.length - 1) % 2) && (
              <text x={x(i)} y={height - 8} className="mq-rank-chart__axis" textAnchor="middle">
                {shortWeek(w.week_ending)}
              </text>
            )}
          </g>
        ))}
      </svg>
    </div>
  );
}
