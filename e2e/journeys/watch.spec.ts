import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { pacificDay, watch } from '@marquee/contract';
import { API, createMember, type Member } from '../support/members.js';
import { serverNow, shootBothWidths } from '../support/earn.js';
import { expectSignedIn, useSession } from '../support/ui.js';
import { CORPUS, INJECTED } from '../support/xss.js';

/** A page of its own (its own storage, so its own session) whose clock reads the server's (D1.3). */
async function pageFor(browser: Browser, member: Member, now: Date): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.clock.install({ time: now });
  await useSession(page, member);
  return page;
}

const fullName = (m: Member) => `${m.first} ${m.last}`;
const addDialog = (page: Page) => page.getByRole('dialog', { name: 'Add Event' });
const eventButton = (page: Page, title: string) => page.getByRole('button', { name: new RegExp(title) });

async function openCalendar(page: Page, month?: string) {
  await page.goto(month ? `/community/watch?month=${month}` : '/community/watch');
  await expectSignedIn(page);
  await expect(page.getByRole('heading', { level: 1, name: 'When To Watch' })).toBeVisible();
}

/** Fills Add Event for a category, the category first (spec 3 §5), and submits it. */
async function addEvent(
  page: Page,
  category: RegExp,
  fields: {
    title: string;
    role: string;
    date: string;
    time?: string;
    imdb?: string;
    channel?: [label: string, value: string];
    channelUrl?: [label: string, value: string];
    notes?: string;
  },
): Promise<Locator> {
  await page.getByRole('button', { name: 'Add Event', exact: true }).click();
  const dialog = addDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Choose the kind of event first')).toBeVisible();
  await dialog.getByRole('radio', { name: category }).check();
  if (fields.imdb) await dialog.getByLabel(/^IMDb title page/).fill(fields.imdb);
  await dialog.getByLabel(/^Title/).fill(fields.title);
  await dialog.getByLabel('Your role').fill(fields.role);
  if (fields.channel) await dialog.getByLabel(new RegExp(`^${fields.channel[0]}`)).fill(fields.channel[1]);
  if (fields.channelUrl)
    await dialog.getByLabel(new RegExp(`^${fields.channelUrl[0]}`)).fill(fields.channelUrl[1]);
  if (fields.time) {
    await dialog.getByLabel('Date', { exact: true }).fill(fields.date);
    await dialog.getByLabel('Time (Pacific time)').selectOption({ label: fields.time });
  } else {
    await expect(dialog.getByLabel('Time (Pacific time)')).toHaveCount(0);
    await expect(dialog.getByText('Releases take a date only.')).toBeVisible();
    await dialog.getByLabel('Release date').fill(fields.date);
  }
  if (fields.notes) await dialog.getByLabel(/^Notes/).fill(fields.notes);
  await dialog.getByRole('button', { name: 'Add Event', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText(watch.EVENT_ADDED).last()).toBeVisible();
  return eventButton(page, fields.title);
}

test('members add an event of each category, another joins and leaves, the poster deletes one', async ({
  browser,
  request,
}) => {
  // Five events added through the form, two members, six screenshots each checked with axe.
  test.setTimeout(150_000);
  const poster = await createMember(request, 'watch-p');
  const guest = await createMember(request, 'watch-g');
  const now = await serverNow(request);
  const today = pacificDay(now);
  // Days a few days ahead, in this month or the next: Add Event shows the month of the new event.
  const day = (n: number) => watch.shiftDay(today, n);
  const tag = poster.username.slice(-6);
  const titles = {
    tv: `Harbor Precinct ${tag}`,
    newmedia: `Night Ferry web ${tag}`,
    premiere: `Salt and Static premiere ${tag}`,
    release: `Quiet Harbour release ${tag}`,
    other: `Table read ${tag}`,
  };

  const page = await pageFor(browser, poster, now);
  await openCalendar(page);
  // Today is marked on the calendar.
  await expect(page.locator('[aria-current="date"]')).toContainText('Today');
  await shootBothWidths(page, 'watch-calendar');

  // The category comes first; its fields follow. A TV event needs its channel (W2).
  await page.getByRole('button', { name: 'Add Event', exact: true }).click();
  const dialog = addDialog(page);
  await expect(dialog.getByRole('textbox')).toHaveCount(0);
  await dialog.getByRole('radio', { name: /^TV/ }).check();
  await dialog.getByLabel(/^Title/).fill(titles.tv);
  await dialog.getByLabel('Your role').fill('Detective Ade');
  await shootBothWidths(page, 'watch-add-form');
  await dialog.getByLabel('Date', { exact: true }).fill(day(3));
  await dialog.getByLabel('Time (Pacific time)').selectOption({ label: '8:00pm' });
  await expect(dialog.getByText('In 15-minute steps, Pacific time.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Add Event', exact: true }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Please fill in the channel or network.');
  await dialog.getByLabel(/^Channel or network/).fill('NBC');
  await dialog.getByRole('button', { name: 'Add Event', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText(watch.EVENT_ADDED).last()).toBeVisible();
  await expect(eventButton(page, titles.tv)).toBeVisible();

  await expect(
    await addEvent(page, /^New Media/, {
      title: titles.newmedia,
      role: 'Director',
      date: day(4),
      time: '6:00pm',
      channel: ['Platform', 'YouTube'],
      channelUrl: ['Where to watch', 'https://www.youtube.com/watch?v=mqHomeVid01'],
    }),
  ).toBeVisible();
  await expect(
    await addEvent(page, /^Premiere/, {
      title: titles.premiere,
      role: 'Writer',
      date: day(5),
      time: '7:30pm',
      channel: ['Venue or festival', 'Austin Film Society'],
      notes: 'Red carpet from 6:30pm. Tickets at www.austinfilm.org/salt',
    }),
  ).toBeVisible();
  // A release takes a date only, and its IMDb title page is read through the page reader (W3).
  await expect(
    await addEvent(page, /^Release/, {
      title: titles.release,
      role: 'Gaffer',
      date: day(6),
      imdb: 'https://www.imdb.com/title/tt8904729/',
      channel: ['Where it is released', 'In theaters'],
    }),
  ).toBeVisible();
  await expect(
    await addEvent(page, /^Other/, {
      title: titles.other,
      role: 'Casting Director',
      date: day(7),
      time: '5:00pm',
    }),
  ).toBeVisible();

  // The poster's event: its details, and Delete for the poster (W7).
  await openCalendar(page, day(5).slice(0, 7));
  await eventButton(page, titles.premiere).click();
  const details = page.getByRole('dialog', { name: titles.premiere });
  await expect(details.getByText(`${watch.dayWithWeekday(day(5))} at 7:30pm Pacific time`)).toBeVisible();
  await expect(details.getByRole('link', { name: 'www.austinfilm.org/salt' })).toHaveAttribute(
    'href',
    'https://www.austinfilm.org/salt',
  );
  await expect(details.getByRole('link', { name: fullName(poster) }).first()).toHaveAttribute(
    'href',
    `/profile/${poster.id}`,
  );
  await expect(details.getByRole('button', { name: 'Delete event' })).toBeVisible();
  await expect(details.getByRole('button', { name: 'Add me' })).toHaveCount(0);
  await details.getByRole('button', { name: 'Close' }).click();

  // Another member joins the TV event with a role, then leaves it (D12.3).
  const other = await pageFor(browser, guest, now);
  await openCalendar(other, day(3).slice(0, 7));
  await eventButton(other, titles.tv).click();
  const tv = other.getByRole('dialog', { name: titles.tv });
  await expect(tv.getByText('Taking part (1)')).toBeVisible();
  await expect(tv.getByRole('listitem').filter({ hasText: 'Detective Ade' })).toContainText(fullName(poster));
  await expect(tv.getByRole('button', { name: 'Remove me' })).toHaveCount(0);
  await tv.getByLabel('Your role').fill('Guest star');
  await tv.getByRole('button', { name: 'Add me' }).click();
  await expect(other.getByText(`You are now taking part in ${titles.tv}.`)).toBeVisible();
  await expect(tv.getByText('Taking part (2)')).toBeVisible();
  const me = tv.getByRole('listitem').filter({ hasText: 'Guest star' });
  await expect(me.getByRole('link', { name: fullName(guest) })).toHaveAttribute(
    'href',
    `/profile/${guest.id}`,
  );
  await expect(tv.getByText('You are taking part')).toBeVisible();
  await shootBothWidths(other, 'watch-details');
  await tv.getByRole('button', { name: 'Remove me' }).click();
  await expect(other.getByText(`You are no longer taking part in ${titles.tv}.`)).toBeVisible();
  await expect(tv.getByText('Taking part (1)')).toBeVisible();
  await expect(tv.getByRole('button', { name: 'Add me' })).toBeVisible();
  await tv.getByRole('button', { name: 'Close' }).click();

  // The poster deletes the release: it leaves everyone's calendar (event_exists false).
  await openCalendar(page, day(6).slice(0, 7));
  await eventButton(page, titles.release).click();
  const release = page.getByRole('dialog', { name: titles.release });
  await expect(release.getByText(`${watch.dayWithWeekday(day(6))} (release date)`)).toBeVisible();
  await expect(release.getByRole('link', { name: 'The title’s IMDb page' })).toHaveAttribute(
    'href',
    '/sim/imdb/title/tt8904729/',
  );
  await release.getByRole('button', { name: 'Delete event' }).click();
  await release.getByRole('button', { name: 'Delete event' }).click();
  await expect(page.getByText('Your event was deleted.')).toBeVisible();
  await expect(eventButton(page, titles.release)).toHaveCount(0);
  await openCalendar(other, day(6).slice(0, 7));
  await expect(eventButton(other, titles.release)).toHaveCount(0);
  await openCalendar(other, day(3).slice(0, 7));
  await expect(eventButton(other, titles.tv)).toBeVisible();

  // On a phone the month is a list, each day under its heading.
  await other.setViewportSize({ width: 390, height: 844 });
  await expect(other.getByRole('list', { name: /^Events in / })).toBeVisible();
  await expect(other.getByRole('table')).toHaveCount(0);
  await other.context().close();
  await page.context().close();
});

test('no script runs from event titles and notes (D8.1)', async ({ browser, request }) => {
  // Adding is limited to 5 events an hour per member (W5): three writers share the corpus.
  const writers = [
    await createMember(request, 'watch-x'),
    await createMember(request, 'watch-y'),
    await createMember(request, 'watch-z'),
  ];
  const now = await serverNow(request);
  const when = watch.shiftDay(pacificDay(now), 2);
  // Each entry as a title (at most 100 characters) and as the notes of its event; the first event's
  // notes hold the whole corpus.
  for (const [i, entry] of CORPUS.entries()) {
    const writer = writers[Math.floor(i / 5)] as Member;
    const response = await request.post(`${API}/watch/addEvent`, {
      headers: { authorization: `Bearer ${writer.token}` },
      data: {
        category: 'other',
        title: entry.slice(0, watch.TITLE_MAX),
        role: 'Writer',
        notes: i === 0 ? CORPUS.join('\n') : entry,
        startDate: when,
        startISO: watch.quarterHourSlots(when)[80 + i]?.iso,
      },
    });
    const body = (await response.json()) as { status: string; message?: string };
    expect(body.status, `${entry}: ${body.message ?? ''}`).toBe('success');
  }
  const dialogs: string[] = [];
  const page = await pageFor(browser, writers[0] as Member, now);
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await openCalendar(page, when.slice(0, 7));
  const calendar = page.getByRole('table');
  await expect(
    calendar.getByText(`<script>window.__xss='script';alert('xss-script')</script>`),
  ).toBeVisible();
  expect(await calendar.locator(INJECTED).count()).toBe(0);

  // The busy day's full list shows every title as text.
  await page
    .getByRole('button', {
      name: new RegExp(`more on ${watch.dayWithWeekday(when).replace(/, \d{4}$/, '')}`),
    })
    .click();
  const day = page.getByRole('dialog', { name: watch.dayWithWeekday(when) });
  await expect(day.getByText(`" onfocus="alert('xss-attr')" autofocus x="`)).toBeVisible();
  expect(await day.locator(INJECTED).count()).toBe(0);
  await day.getByRole('button', { name: /xss-script/ }).click();

  // The event with the whole corpus in its notes: text and http(s) links only.
  const details = page.getByRole('dialog', { name: /xss-script/ });
  const notes = details.locator('.mq-event__notes');
  await expect(notes).toContainText(`<img src=x onerror="window.__xss='img';alert('xss-img')">`);
  expect(await details.locator(INJECTED).count()).toBe(0);
  const hrefs = await notes
    .locator('a')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  expect(hrefs.length).toBeGreaterThan(0);
  for (const href of hrefs) expect(href).toMatch(/^https?:\/\//);
  await notes.hover();
  await details.getByRole('button', { name: 'Close' }).click();
  expect(await page.evaluate(() => (window as unknown as { __xss?: string }).__xss)).toBeUndefined();
  expect(dialogs).toEqual([]);
  await page.context().close();
});
