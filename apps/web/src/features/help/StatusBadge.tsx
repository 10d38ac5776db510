import type { help } from '@marquee/contract';

const TONE: Record<help.HelpStatus, string> = {
  Pending: 'is-pending',
  'Awaiting Response': 'is-awaiting',
  Closed: 'is-closed',
};

/** A request's status as its reader sees it: 'Awaiting Your Response' for the member (spec 3 §4). */
export function StatusBadge({ status, label }: { status: help.HelpStatus; label: string }) {
  return <span className={`mq-help-status ${TONE[status]}`}>{label}</span>;
}
