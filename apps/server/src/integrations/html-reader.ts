import { parse, type DefaultTreeAdapterTypes } from 'parse5';

/**
 * Reading outside pages with a real HTML parser (parse5, the WHATWG algorithm browsers use): a page
 * is parsed once into its tree of elements, and the page readers look elements up by their stable
 * attributes (test ids, ids, itemprops, meta properties), never by generated class names. Entities
 * are decoded by the parser, in text and in attribute values alike.
 */

export type HtmlElement = DefaultTreeAdapterTypes.Element;
type HtmlNode = DefaultTreeAdapterTypes.Node;

/** A parsed page: its elements in document order. */
export interface HtmlPage {
  readonly elements: readonly HtmlElement[];
}

/** Elements whose text is not text a reader sees. */
const NOT_TEXT = new Set(['script', 'style', 'template', 'noscript']);

function childrenOf(node: HtmlNode): HtmlNode[] {
  const children: HtmlNode[] = 'childNodes' in node ? [...node.childNodes] : [];
  // A <template>'s markup lives in its content fragment, not among its children.
  if (node.nodeName === 'template' && 'content' in node) children.push(...node.content.childNodes);
  return children;
}

function isElement(node: HtmlNode): node is HtmlElement {
  return 'tagName' in node;
}

/** Every element under `node`, in document order (iteratively: real pages nest deeply). */
function descendants(node: HtmlNode): HtmlElement[] {
  const out: HtmlElement[] = [];
  const stack = childrenOf(node).reverse();
  while (stack.length > 0) {
    const next = stack.pop() as HtmlNode;
    if (isElement(next)) out.push(next);
    stack.push(...childrenOf(next).reverse());
  }
  return out;
}

export function readHtml(html: string): HtmlPage {
  return { elements: descendants(parse(html)) };
}

type Scope = HtmlPage | HtmlElement;

function elementsIn(scope: Scope): readonly HtmlElement[] {
  return 'elements' in scope ? scope.elements : descendants(scope);
}

export function attr(el: HtmlElement, name: string): string | null {
  return el.attrs.find((a) => a.name === name)?.value ?? null;
}

export function hasClass(el: HtmlElement, token: string): boolean {
  return (attr(el, 'class') ?? '').split(/\s+/).includes(token);
}

/** Elements of `scope` for which `test` holds, in document order. */
export function findAll(scope: Scope, test: (el: HtmlElement) => boolean): HtmlElement[] {
  return elementsIn(scope).filter(test);
}

export function findFirst(scope: Scope, test: (el: HtmlElement) => boolean): HtmlElement | null {
  return elementsIn(scope).find(test) ?? null;
}

/** Elements whose attribute `name` equals `value`, or matches it when `value` is a RegExp. */
export function withAttr(scope: Scope, name: string, value: string | RegExp): HtmlElement[] {
  return findAll(scope, (el) => {
    const v = attr(el, name);
    return v !== null && (typeof value === 'string' ? v === value : value.test(v));
  });
}

export function firstWithAttr(scope: Scope, name: string, value: string | RegExp): HtmlElement | null {
  return withAttr(scope, name, value)[0] ?? null;
}

function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** The text a reader sees in an element: no scripts or styles, spaces collapsed. */
export function textOf(el: HtmlElement): string {
  const parts: string[] = [];
  const stack: HtmlNode[] = [el];
  while (stack.length > 0) {
    const node = stack.pop() as HtmlNode;
    if (node.nodeName === '#text' && 'value' in node) parts.push(node.value);
    else if (isElement(node) && NOT_TEXT.has(node.tagName)) continue;
    else if ('childNodes' in node) stack.push(...[...node.childNodes].reverse());
    parts.push(' ');
  }
  return collapse(parts.join(''));
}

/** The text directly inside an element, leaving out its child elements ("Title" of `<h1>Title<span>(2016)</span></h1>`). */
export function ownTextOf(el: HtmlElement): string {
  return collapse(
    el.childNodes.map((n) => (n.nodeName === '#text' && 'value' in n ? n.value : ' ')).join(''),
  );
}

/** The raw content of a <script> element. */
export function scriptText(el: HtmlElement): string {
  return el.childNodes.map((n) => (n.nodeName === '#text' && 'value' in n ? n.value : '')).join('');
}

/** `<meta property="key" content>` or `<meta name="key" content>`. */
export function metaContent(page: HtmlPage, key: string): string | null {
  const meta = findFirst(
    page,
    (el) => el.tagName === 'meta' && (attr(el, 'property') === key || attr(el, 'name') === key),
  );
  return meta ? attr(meta, 'content') : null;
}

/** The JSON inside a script, or null when there is none or it does not parse. */
export function scriptJson(el: HtmlElement | null): unknown {
  if (!el) return null;
  try {
    return JSON.parse(scriptText(el)) as unknown;
  } catch {
    return null;
  }
}

/** The page's first JSON-LD object, or null when it has none that parses. */
export function jsonLd(page: HtmlPage): Record<string, unknown> | null {
  for (const script of withAttr(page, 'type', 'application/ld+json')) {
    const value = scriptJson(script);
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  }
  return null;
}

/** "1,234" -> 1234; null when there are no digits. */
export function wholeNumber(text: string): number | null {
  const digits = text.replace(/[^\d]/g, '');
  return digits ? Number(digits) : null;
}
