/**
 * Member text is stored as typed and rendered links-only (D8.1), on the server and again in the
 * browser. Each entry tries to run `alert()` or to set `window.__xss`; none may succeed, and no
 * element it describes may reach the page.
 */
export const CORPUS = [
  `<script>window.__xss='script';alert('xss-script')</script>`,
  `<img src=x onerror="window.__xss='img';alert('xss-img')">`,
  `<a href="javascript:window.__xss='js-link';alert('xss-link')">click me</a>`,
  `<svg onload="window.__xss='svg';alert('xss-svg')"><circle r=5 /></svg>`,
  `&lt;script&gt;alert('xss-entity')&lt;/script&gt;`,
  `%3Cscript%3Ealert('xss-percent')%3C/script%3E`,
  `<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">data link</a>`,
  `<iframe src="javascript:alert('xss-iframe')"></iframe>`,
  `<div onmouseover="window.__xss='hover'" style="position:fixed;inset:0">hover me</div>`,
  `https://example.com/"><script>alert('xss-url')</script>`,
  `" onfocus="alert('xss-attr')" autofocus x="`,
  `<details open ontoggle="window.__xss='toggle'">x</details>`,
  `javascript:alert('xss-text')`,
];
/** Elements nothing in the corpus may create inside member text. */
export const INJECTED =
  'script, img, svg, iframe, details, div[onmouseover], [onerror], [onload], [onfocus], [ontoggle]';
