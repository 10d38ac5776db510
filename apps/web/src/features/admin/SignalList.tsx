import { Link } from 'react-router';
import type { adminSignals } from '@marquee/contract';

/** A member's fair-play signals with their evidence and the members it names (D11.2, FP8). */
export function SignalList({ signals }: { signals: adminSignals.Signal[] }) {
  return (
    <ul className="mq-signals">
      {signals.map((s, i) => (
        <li key={`${s.kind}-${i}`}>
          <span className="mq-signals__label">{s.label}</span>{' '}
          <span className="mq-signals__score">{s.score}</span>
          <p className="mb-0 small">{s.evidence}</p>
          {s.members.length > 0 && (
            <p className="mb-0 small">
              With:{' '}
              {s.members.map((m, j) => (
                <span key={m.id}>
                  {j > 0 && ', '}
                  <Link to={`/admin/users/${m.id}`}>{m.name}</Link>
                </span>
              ))}
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}
