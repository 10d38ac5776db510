import type { simImdbPages } from './simulated.tables.js';
import { html, SafeHtml, simPage } from './html.js';
import { GENERATED_NOTE } from './generated.js';

/**
 * The simulated IMDb name and title pages. They use the real pages' structure (the `__NEXT_DATA__`
 * JSON in IMDb's late-2025 shape, test ids, meta tags, JSON-LD, the Credits accordion, the technical
 * specs; docs/integrations.md I8) so that the one page parser reads both (D9.2), and a slim look
 * so that a person can read the figures the earn questions ask about.
 */

/** A catalogue row, or a generated page (rule P1) that says so. */
export type SimImdbPageRow = typeof simImdbPages.$inferSelect & { generated?: boolean };

/** Names the pages show for a credit category key ('camera_department' -> 'Camera Department'). */
export function categoryLabel(key: string): string {
  return key
    .split('_')
    .map((w) => (w ? w[0]?.toUpperCase() + w.slice(1) : w))
    .join(' ');
}

/** "1h 52m" as the page's hero line shows it. */
export function shortRuntime(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m}m`;
  return m === 0 ? `${h}h` : `${h}h ${m}m`;
}

/** "1 hour 52 minutes" as the technical specs show it. */
function longRuntime(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  const parts = [];
  if (h) parts.push(`${h} ${h === 1 ? 'hour' : 'hours'}`);
  if (m || !h) parts.push(`${m} ${m === 1 ? 'minute' : 'minutes'}`);
  return parts.join(' ');
}

/** JSON inside a <script> block: `<` escaped so that no text can close the block. */
function jsonScript(value: object, attrs = 'type="application/ld+json"'): SafeHtml {
  return new SafeHtml(`<script ${attrs}>${JSON.stringify(value).replace(/</g, '\\u003c')}</script>`);
}

/** A category's id in the page's JSON, opaque as IMDb's own are since late 2025. */
const groupingId = (key: string) => `amzn1.imdb.concept.name_credit_category.sim-${key}`;

/**
 * What IMDb's own pages carry for their scripts: the page's facts under `props.pageProps`, the name
 * page's credits as `groupings` with the map from their ids to the classic category names.
 */
function nextData(page: SimImdbPageRow, image: string): SafeHtml {
  const meterRanking = page.starmeter === null ? null : { currentRank: page.starmeter };
  const pageProps =
    page.kind === 'person'
      ? {
          nmconst: page.code,
          aboveTheFold: {
            id: page.code,
            nameText: { text: page.name },
            meterRanking,
            primaryImage: { url: image },
          },
          mainColumnData: {
            id: page.code,
            groupings: {
              edges: Object.entries(page.credits)
                .filter(([, n]) => n > 0)
                .map(([key, n]) => ({
                  node: {
                    grouping: { groupingId: groupingId(key), text: categoryLabel(key) },
                    credits: { total: n },
                  },
                })),
            },
            newCreditCategoryIdToOldCategoryIdObject: Object.fromEntries(
              Object.keys(page.credits).map((key) => [groupingId(key), key]),
            ),
          },
        }
      : {
          tconst: page.code,
          aboveTheFoldData: {
            id: page.code,
            titleText: { text: page.name },
            releaseYear: page.year ? { year: page.year } : null,
            runtime: page.runtimeMinutes
              ? {
                  seconds: page.runtimeMinutes * 60,
                  displayableProperty: { value: { plainText: shortRuntime(page.runtimeMinutes) } },
                }
              : null,
            meterRanking,
            primaryImage: { url: image },
          },
        };
  const route = page.kind === 'person' ? '/name/[nmconst]' : '/title/[tconst]';
  const query = page.kind === 'person' ? { nmconst: page.code } : { tconst: page.code };
  return jsonScript(
    { props: { pageProps }, page: route, query },
    'id="__NEXT_DATA__" type="application/json"',
  );
}

function head(page: SimImdbPageRow, image: string, description: string): SafeHtml {
  const url = `https://www.imdb.com/${page.kind === 'person' ? 'name' : 'title'}/${page.code}/`;
  const ld =
    page.kind === 'person'
      ? { '@context': 'https://schema.org', '@type': 'Person', url, name: page.name, image, description }
      : {
          '@context': 'https://schema.org',
          '@type': 'Movie',
          url,
          name: page.name,
          image,
          description,
          ...(page.runtimeMinutes
            ? { duration: `PT${Math.floor(page.runtimeMinutes / 60)}H${page.runtimeMinutes % 60}M` }
            : {}),
        };
  return html`<meta name="description" content="${description}" />
    <meta property="og:title" content="${page.name}" />
    <meta property="og:image" content="${image}" />
    <meta property="imdb:pageType" content="${page.kind === 'person' ? 'name' : 'title'}" />
    <meta property="imdb:pageConst" content="${page.code}" />
    ${jsonScript(ld)}`;
}

function meter(label: string, rank: number | null): SafeHtml {
  if (rank === null) return html``;
  return html`<div data-testid="hero-rating-bar__popularity" class="imdb-meter">
    <div class="imdb-meter__label">${label}</div>
    <div data-testid="hero-rating-bar__popularity__score" class="imdb-meter__score">
      ${rank.toLocaleString('en-US')}
    </div>
  </div>`;
}

function hero(
  page: SimImdbPageRow,
  image: string,
  line: SafeHtml,
  meterLabel: string,
  text: string | null,
): SafeHtml {
  return html`<section class="imdb-hero" data-testid="atf-wrapper-bg">
    <div class="imdb-hero__top">
      <div>
        <h1 data-testid="hero__pageTitle">
          <span class="hero__primary-text" data-testid="hero__primary-text">${page.name}</span>
        </h1>
        ${line}
      </div>
      ${meter(meterLabel, page.starmeter)}
    </div>
    <div class="imdb-hero__body">
      <div class="ipc-poster" data-testid="hero-media__poster">
        <img class="ipc-image" alt="${page.name}" src="${image}" width="190" height="281" />
      </div>
      ${text ? html`<p class="imdb-summary" data-testid="${page.kind === 'person' ? 'bio-content' : 'plot'}">${text}</p>` : ''}
    </div>
  </section>`;
}

function personBody(page: SimImdbPageRow, image: string): SafeHtml {
  const categories = Object.entries(page.credits).filter(([, n]) => n > 0);
  const jobs = html`<ul class="ipc-inline-list" role="presentation">
    ${categories
      .slice(0, 3)
      .map(([key]) => html`<li role="presentation" class="ipc-inline-list__item">${categoryLabel(key)}</li>`)}
  </ul>`;
  const sections = categories.map(
    ([key, n]) =>
      html`<div id="${key}-previous-projects" class="ipc-accordion__item">
        <label class="ipc-accordion__item__header" data-testid="accordion-item-${key}-previous-projects"
          ><span class="ipc-accordion__item__title"
            ><ul class="ipc-inline-list" role="presentation">
              <li role="presentation" class="ipc-inline-list__item">
                <h3 class="ipc-title__text">${categoryLabel(key)}</h3>
              </li>
              <li role="presentation" class="ipc-inline-list__item">${n.toLocaleString('en-US')}</li>
            </ul></span
          ></label
        >
        <div class="ipc-accordion__item__content" id="accordion-item-${key}-previous-projects">
          <p class="imdb-muted">
            ${n} ${n === 1 ? 'credit' : 'credits'} as ${categoryLabel(key).toLowerCase()}
          </p>
        </div>
      </div>`,
  );
  return html`${hero(page, image, jobs, 'STARmeter', page.summary)}
    <section class="imdb-section" data-testid="Filmography">
      <h2 class="ipc-title__text">Credits</h2>
      <div class="ipc-accordion" data-testid="filmography-accordion">
        ${sections.length ? sections : html`<p class="imdb-muted">No credits listed.</p>`}
      </div>
    </section>`;
}

function titleBody(page: SimImdbPageRow, image: string): SafeHtml {
  const line = html`<ul class="ipc-inline-list" role="presentation" data-testid="hero-title-block__metadata">
    ${page.year ? html`<li role="presentation" class="ipc-inline-list__item">${page.year}</li>` : ''}
    ${page.runtimeMinutes ? html`<li role="presentation" class="ipc-inline-list__item">${shortRuntime(page.runtimeMinutes)}</li>` : ''}
  </ul>`;
  const runtime = page.runtimeMinutes
    ? html`<li role="presentation" class="ipc-metadata-list__item" data-testid="title-techspec_runtime">
        <span class="ipc-metadata-list-item__label">Runtime</span>
        <div class="ipc-metadata-list-item__content-container">${longRuntime(page.runtimeMinutes)}</div>
      </li>`
    : html`<li class="ipc-metadata-list__item imdb-muted">No runtime listed.</li>`;
  return html`${hero(page, image, line, 'STARmeter', page.summary)}
    <section class="imdb-section" data-testid="TechSpecs">
      <h2 class="ipc-title__text">Technical specs</h2>
      <div data-testid="title-techspecs-section">
        <ul class="ipc-metadata-list" role="presentation">
          ${runtime}
        </ul>
      </div>
    </section>`;
}

/** The line every generated page shows above its content (rule P1). */
export function generatedNote(generated: boolean | undefined): SafeHtml {
  return generated
    ? html`<p class="sim-generated" role="note" data-generated="yes">${GENERATED_NOTE}</p>`
    : html``;
}

/** The whole simulated page for one catalogue row. */
export function renderImdbPage(page: SimImdbPageRow): string {
  const image = page.kind === 'person' ? '/sim/assets/portrait.svg' : '/sim/assets/poster.svg';
  const description = page.summary ?? `${page.name} on the simulated IMDb.`;
  const body = html`<header class="imdb-bar">
      <a class="imdb-logo" href="/sim">IMDb</a><span class="imdb-muted">simulated</span>
    </header>
    <main class="sim-main imdb-page">
      ${generatedNote(page.generated)}
      ${page.kind === 'person' ? personBody(page, image) : titleBody(page, image)}
    </main>
    ${nextData(page, image)}`;
  const suffix = page.kind === 'title' && page.year ? ` (${page.year})` : '';
  return simPage({
    site: 'imdb',
    title: `${page.name}${suffix} - IMDb`,
    body,
    head: head(page, image, description),
  });
}
