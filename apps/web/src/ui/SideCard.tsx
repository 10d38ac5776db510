import { useId, type ReactNode } from 'react';

/** A titled card region: the section, its body and an h2 that names it for screen readers. */
export function SideCard({
  title,
  className,
  children,
}: {
  title: string;
  /** Classes after `card mq-side-card`, such as the card's own or its layout. */
  className?: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section
      className={className ? `card mq-side-card ${className}` : 'card mq-side-card'}
      aria-labelledby={`${id}-title`}
    >
      <div className="card-body">
        <h2 id={`${id}-title`} className="mq-side-card__title">
          {title}
        </h2>
        {children}
      </div>
    </section>
  );
}

/** The line a card shows while its query loads. */
export function LoadingLine({ children }: { children: ReactNode }) {
  return (
    <p className="text-body-secondary mb-0" aria-busy="true">
      {children}
    </p>
  );
}
