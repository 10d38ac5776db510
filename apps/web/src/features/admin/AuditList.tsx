import { Link } from 'react-router';
import type { admin } from '@marquee/contract';

/** Values before and after, as 'field: old → new' lines (D13.1). */
function changes(entry: admin.AuditEntry): string[] {
  const keys = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])];
  const show = (v: unknown) => (v === undefined || v === null || v === '' ? '—' : String(v));
  return keys.map((k) =>
    entry.before && k in entry.before
      ? `${k}: ${show(entry.before[k])} → ${show(entry.after?.[k])}`
      : `${k}: ${show(entry.after?.[k])}`,
  );
}

/** Entries of the audit log (D13.1, AD7): who did what, to whom, the values before and after, why and when. */
export function AuditList({ entries, empty }: { entries: admin.AuditEntry[]; empty: string }) {
  if (entries.length === 0) return <p className="text-body-secondary mb-0">{empty}</p>;
  return (
    <ol className="mq-audit">
      {entries.map((e) => (
        <li key={e.id} className="mq-audit__entry">
          <div className="mq-audit__line">
            <strong>{e.admin_name}</strong> <span>{e.summary}</span>
            {e.user_id !== null && (
              <>
                {' '}
                <span className="text-body-secondary">Member:</span>{' '}
                <Link to={`/admin/users/${e.user_id}`}>{e.user_name}</Link>
              </>
            )}
          </div>
          {changes(e).length > 0 && (
            <ul className="mq-audit__changes">
              {changes(e).map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          )}
          {e.reason && <p className="mq-audit__reason mb-0">Reason: {e.reason}</p>}
          <time className="mq-audit__when" dateTime={e.at} title={new Date(e.at).toLocaleString('en-US')}>
            {e.ago}
          </time>
        </li>
      ))}
    </ol>
  );
}
