import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import DOMPurify from 'dompurify';
import { LinksOnly } from '../../ui/LinksOnly';

/** An instance of its own, so that mention links (same-site /profile/{id}) are kept and not opened in a new tab. */
const purify = DOMPurify(window);
const MENTION_HREF = /^\/profile\/\d{1,10}$/;

purify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName !== 'A') return;
  if (MENTION_HREF.test(node.getAttribute('href') ?? '')) {
    node.removeAttribute('target');
    node.setAttribute('class', 'mq-mention');
    return;
  }
  node.removeAttribute('class');
  node.setAttribute('target', '_blank');
  node.setAttribute('rel', 'noopener noreferrer nofollow');
});

const NEWS_TEXT = {
  ALLOWED_TAGS: ['a', 'br'],
  ALLOWED_ATTR: ['href', 'target', 'rel', 'class'],
  ALLOWED_URI_REGEXP: /^(?:https?:\/\/|\/profile\/\d{1,10}$)/i,
};

/**
 * A post's or comment's text as the server rendered it (D8.1), sanitised again here: links, line
 * breaks and mentions only. Mentions move within the app. The official account's posts keep their
 * markup through LinksOnly's raw mode (D2.1).
 */
export function NewsText({
  html,
  raw = false,
  className,
}: {
  html: string;
  raw?: boolean;
  className?: string;
}) {
  const navigate = useNavigate();
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const follow = (event: MouseEvent) => {
      const link = (event.target as Element | null)?.closest?.('a.mq-mention');
      const href = link?.getAttribute('href');
      if (!href || !MENTION_HREF.test(href) || event.ctrlKey || event.metaKey || event.shiftKey) return;
      event.preventDefault();
      navigate(href);
    };
    element.addEventListener('click', follow);
    return () => element.removeEventListener('click', follow);
  }, [navigate]);

  if (raw) return <LinksOnly html={html} raw className={className} />;
  return (
    <div
      ref={box}
      className={className ? `mq-text ${className}` : 'mq-text'}
      dangerouslySetInnerHTML={{ __html: purify.sanitize(html, NEWS_TEXT) }}
    />
  );
}
