import DOMPurify from 'dompurify';
import { isLinked } from './updating';

/** A linked account's display (spec 3 §3): HTML from the server, sanitised again here (D8.1). */
export function LinkedDisplay({ html }: { html: string }) {
  if (!isLinked(html)) return <span className="text-body-secondary">Not linked</span>;
  const clean = DOMPurify.sanitize(html, {
    ALLOWED_TAGS: ['a', 'em'],
    ALLOWED_ATTR: ['href', 'target', 'rel', 'title'],
  });
  return <span className="mq-linked-display" dangerouslySetInnerHTML={{ __html: clean }} />;
}
