/** A count on an icon button; the words for screen readers ride along, hidden from view. */
export function Badge({ id, count, label }: { id: string; count: number; label: string }) {
  return (
    <span id={id} className="badge rounded-pill text-bg-accent">
      {count > 99 ? '99+' : count}
      <span className="visually-hidden"> {label}</span>
    </span>
  );
}
