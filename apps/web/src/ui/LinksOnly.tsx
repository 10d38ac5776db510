import DOMPurify from 'dompurify';

/** Links open in a new tab and never carry the opener (D8.1). */
DOMPurify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A') {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer nofollow');
  }
});

const LINKS_ONLY = {
  ALLOWED_TAGS: ['a', 'br'],
  ALLOWED_ATTR: ['href', 'target', 'rel'],
  ALLOWED_URI_REGEXP: /^https?:\/\//i,
};

/**
 * Member text the server rendered links-only (D8.1), sanitised again here so that nothing but
 * http(s) links and line breaks can reach the page. `raw` is for the official account's news
 * posts only: its markup is kept, still without scripts or event handlers.
 */
export function LinksOnly({
  html,
  raw = false,
  className,
}: {
  html: string;
  raw?: boolean;
  className?: string;
}) {
  const clean = raw
    ? DOMPurify.sanitize(html, { FORBID_TAGS: ['style', 'form', 'input'] })
    : DOMPurify.sanitize(html, LINKS_ONLY);
  return (
    <div
      className={className ? `mq-text ${className}` : 'mq-text'}
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
