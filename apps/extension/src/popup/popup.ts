import * as proExtension from '@marquee/contract/pro-extension';
import { siteConfig } from '../config.ts';
import { ask } from '../messages.ts';
import { readKept, type Kept } from '../storage.ts';
import type { ExtensionConfig } from '../../pack/pack.ts';

/**
 * The toolbar popup (PX8): who the extension works for, what it is doing, today's views and
 * points, and Pause or Resume, Open Marquee and Sign out. It shows what the background keeps and
 * redraws whenever that changes.
 */

const count = new Intl.NumberFormat('en-US');
const body = document.getElementById('mp-body') as HTMLElement;

type Child = Node | string | null | false | undefined;

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<HTMLElementTagNameMap[K]> & { className?: string } = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const node = Object.assign(document.createElement(tag), props);
  for (const child of children) if (child) node.append(child);
  return node;
}

function button(label: string, onClick: () => void, quiet = false) {
  const b = el(
    'button',
    { type: 'button', className: `mp-button${quiet ? ' mp-button--quiet' : ''}` },
    label,
  );
  b.addEventListener('click', () => {
    b.disabled = true;
    onClick();
  });
  return b;
}

const link = (label: string, href: string, quiet = true) =>
  el(
    'a',
    { href, target: '_blank', rel: 'noopener', className: `mp-button${quiet ? ' mp-button--quiet' : ''}` },
    label,
  );

/** The run in words, with its dot. */
function stateLine(kept: Kept): { words: string; detail: string; tone: string } {
  const { run } = kept;
  if (run.state === 'running') {
    const doing = run.current
      ? `${run.current.step === 'opening' ? 'Reading' : 'Answering'}: ${run.current.name}`
      : 'Looking for IMDb listings…';
    return { words: 'Running', detail: doing, tone: 'running' };
  }
  if (run.state === 'refused') return { words: 'Stopped', detail: run.message, tone: 'refused' };
  if (run.state === 'stopped') return { words: 'Stopped', detail: run.message, tone: 'stopped' };
  return { words: 'Paused', detail: 'Resume to let the extension do your IMDb views.', tone: 'paused' };
}

function render(kept: Kept, config: ExtensionConfig) {
  body.setAttribute('aria-busy', 'false');
  const site = config.site;
  if (!kept.pairing) {
    show(
      el(
        'section',
        { className: 'mp-card' },
        el('h2', {}, 'Not paired yet'),
        el(
          'p',
          {},
          'Pair the extension with your Marquee account on the Pro extension page, signed in as a Pro member.',
        ),
      ),
      el(
        'div',
        { className: 'mp-actions' },
        link('Pair with Marquee', `${site}${proExtension.WELCOME_URL}`, false),
      ),
    );
    return;
  }
  const { status, run } = kept;
  const line = stateLine(kept);
  const canRun = status?.pro !== false;
  const update =
    status?.current_version &&
    status.download_url &&
    proExtension.isOlderVersion(config.version, status.current_version)
      ? el(
          'p',
          { className: 'mp-note' },
          `Version ${status.current_version} is available. `,
          el(
            'a',
            { href: `${site}${status.download_url}`, target: '_blank', rel: 'noopener' },
            'Download it',
          ),
        )
      : null;

  show(
    el(
      'p',
      { className: 'mp-muted' },
      `Working for ${kept.pairing.member.first} on Marquee · version ${config.version}`,
    ),
    el(
      'section',
      { className: 'mp-card', ariaLabel: 'What the extension is doing' },
      el(
        'p',
        { className: 'mp-state' },
        el('span', { className: `mp-dot mp-dot--${line.tone}` }),
        line.words,
      ),
      el('p', { role: 'status' }, line.detail),
      run.state === 'refused' &&
        el(
          'p',
          {},
          el('a', { href: `${site}/membership`, target: '_blank', rel: 'noopener' }, 'See memberships'),
        ),
      run.last &&
        el('p', { className: 'mp-muted' }, `Last view: ${run.last.name}, +${run.last.points} points`),
    ),
    status &&
      el(
        'dl',
        { className: 'mp-figures', ariaLabel: 'Today' },
        figure('IMDb views today', count.format(status.today.views)),
        figure('Points earned today', count.format(status.today.points)),
        figure('Daily Actions', `${count.format(status.actions)} of ${count.format(status.max)}`),
        figure('Your points', count.format(status.points)),
      ),
    // A Pro membership that ended while the extension was paused: said before Resume is offered.
    !canRun &&
      run.state !== 'refused' &&
      el(
        'p',
        { className: 'mp-note mp-note--danger' },
        status?.message ?? '',
        ' ',
        el('a', { href: `${site}/membership`, target: '_blank', rel: 'noopener' }, 'See memberships'),
      ),
    update,
    el(
      'div',
      { className: 'mp-actions' },
      run.state === 'running'
        ? button('Pause', () => void ask({ kind: 'popup-pause' }))
        : canRun && button('Resume', () => void ask({ kind: 'popup-resume' })),
      link('Open Marquee', `${site}/dashboard/imdb`),
      button('Sign out', () => void ask({ kind: 'popup-signout' }), true),
    ),
  );
}

function show(...parts: Child[]) {
  body.replaceChildren(...parts.filter((part): part is Node | string => Boolean(part)));
}

function figure(label: string, value: string) {
  return el('div', { className: 'mp-figure' }, el('dt', {}, label), el('dd', {}, value));
}

async function redraw() {
  const [kept, config] = await Promise.all([readKept(), siteConfig()]);
  render(kept, config);
}

chrome.storage.onChanged.addListener((_changes, area) => {
  if (area === 'local') void redraw();
});
void redraw();
// Marquee's figures, fetched afresh each time the popup opens and every 15 s while it is open.
void ask({ kind: 'popup-refresh' });
setInterval(() => void ask({ kind: 'popup-refresh' }), 15_000);
