import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { API } from './members.js';
import { expectNoSeriousA11yViolations, pointBalance, screenshot } from './ui.js';

/** The spec's texts the earn journeys look for (spec 1 §8, contract MESSAGES). */
export const EARN_TEXT = {
  correctAnswer: 'Success! You got credited for that View.',
  earned: (n: number) => `You earned ${n} points!`,
  hideSuccess: "This listing has been hidden, you won't see it again during this login.",
} as const;

/**
 * Moves the server's clock forward (D1.3): the dwell before an answer counts (D11.1) and the 30 s
 * of a video view (D5.5) pass without sleeping. Needs the server started with CONTROLLABLE_CLOCK=true.
 */
export async function moveServerClock(request: APIRequestContext, ms: number): Promise<void> {
  const response = await request.post(`${API}/dev/moveClock`, { data: { advanceMs: ms } });
  expect(
    response.ok(),
    'dev/moveClock answers only when the server runs with CONTROLLABLE_CLOCK=true (run the journeys with it set)',
  ).toBe(true);
}

/** The server's time (D1.3): other journeys may have moved its clock ahead of the browser's. */
export async function serverNow(request: APIRequestContext): Promise<Date> {
  const response = await request.post(`${API}/dev/moveClock`, { data: { advanceMs: 0 } });
  expect(response.ok(), 'dev/moveClock needs CONTROLLABLE_CLOCK=true').toBe(true);
  return new Date(((await response.json()) as { now: string }).now);
}

/** The dashboard's 'Earn Points' card. */
export const earnCard = (page: Page): Locator =>
  page.getByRole('region', { name: 'Earn Points', exact: true });

/** The listing cards on the current tab, each named by its listing. */
export const listingCards = (page: Page): Locator =>
  earnCard(page).getByRole('list', { name: 'Listings to act on' }).getByRole('listitem');

/** The member's points as the top bar shows them. */
export async function balanceOf(page: Page): Promise<number> {
  const box = pointBalance(page);
  await expect(box).toContainText(/[\d,]+ points/);
  const text = (await box.textContent()) ?? '';
  return Number((/([\d,]+) points/.exec(text)?.[1] ?? '').replace(/,/g, ''));
}

export async function expectBalance(page: Page, points: number): Promise<void> {
  await expect(pointBalance(page)).toContainText(`${points.toLocaleString('en-US')} points`);
}

/**
 * Screenshots at 390 and 1280 px wide, with axe at each (no serious or critical violations), then
 * back to the desktop width the journey runs at.
 */
export async function shootBothWidths(page: Page, name: string): Promise<void> {
  for (const [width, height] of [
    [390, 844],
    [1280, 800],
  ] as const) {
    await page.setViewportSize({ width, height });
    await screenshot(page, `${name}-${width}`);
    await expectNoSeriousA11yViolations(page, `${name} at ${width} px`);
  }
}

/** Links the member's simulated X account through the authorise prompt and the sim consent page. */
export async function linkXAccount(page: Page, handle: string): Promise<void> {
  const authorise = earnCard(page).getByRole('link', { name: 'Authorize with Twitter' });
  await expect(authorise).toBeVisible();
  await authorise.click();
  await expect(page).toHaveURL(/\/sim\/x\/oauth\/authorize/);
  await page.getByLabel('Your X handle').fill(handle);
  await page.getByRole('button', { name: 'Authorize Marquee' }).click();
  await expect(page).toHaveURL(/\/dashboard\/twitter/);
}

/** What the IMDb question asks for, read off the simulated IMDb page that Start opened. */
export async function readImdbAnswer(popup: Page, question: string): Promise<string> {
  await popup.waitForLoadState('domcontentloaded');
  if (/runtime|running time/i.test(question)) {
    const runtime = popup.getByTestId('title-techspec_runtime');
    if ((await runtime.count()) === 0) return '0';
    const text = (await runtime.textContent()) ?? '';
    const hours = Number(/(\d+)\s*h/.exec(text)?.[1] ?? 0);
    const minutes = Number(/(\d+)\s*m/.exec(text)?.[1] ?? 0);
    return String(hours * 60 + minutes);
  }
  if (/starmeter/i.test(question)) {
    return ((await popup.getByTestId('hero-rating-bar__popularity__score').textContent()) ?? '').replace(
      /\D/g,
      '',
    );
  }
  const category = /how many (.+?) credits/i.exec(question)?.[1];
  expect(category, `a credits question: ${question}`).toBeTruthy();
  const heading = popup.locator('label', {
    has: popup.locator('h3', { hasText: new RegExp(`^\\s*${category}\\s*$`, 'i') }),
  });
  const count = (await heading.locator('li').last().textContent()) ?? '';
  return count.replace(/\D/g, '');
}
