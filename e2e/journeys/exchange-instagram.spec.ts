import { expect, test, type Page } from '@playwright/test';
import { shootBothWidths } from '../support/earn.js';
import {
  callAs,
  clickFollowThroughHttp,
  EXCHANGE_TEXT,
  followOnSimulatedInstagram,
  handleOf,
  instagramUrl,
  myListing,
  premiumMember,
  setUpInstagram,
  swapCard,
  swapListHeading,
  toast,
} from '../support/exchange.js';
import { expectSignedIn } from '../support/ui.js';

/*
 * New Listings shows at most 10, highest reputation first, then newest (EX4), and the demo's members
 * have listings of their own: these journeys run one after another so that each new listing a
 * journey looks for is the newest at its reputation, whatever the others left behind.
 */
test.describe.configure({ mode: 'serial' });

const reputationIn = (page: Page) => myListing(page).locator('.mq-rep');

async function openExchange(page: Page) {
  await page.goto('/exchange/instagram');
  await expectSignedIn(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Instagram Follows' })).toBeVisible();
}

test('EX2, EX3: a premium member sets up their Instagram listing from their profile and sets the Initiation Limit', async ({
  browser,
  request,
}) => {
  const { member, page } = await premiumMember(browser, request, 'igsetup');
  const handle = handleOf(member, 'igsetup');
  await openExchange(page);

  const form = page.getByRole('region', { name: 'Set up your Instagram listing' });
  await expect(form).toBeVisible();
  await shootBothWidths(page, 'exchange-instagram-setup');

  // Every field is required (spec 4 §5).
  await form.getByRole('button', { name: 'Save my listing' }).click();
  await expect(form.getByRole('alert')).toHaveText(EXCHANGE_TEXT.setupFields);

  // Find reads the profile's og: tags: title, description and picture.
  await form.getByLabel('Instagram profile URL').fill(instagramUrl(handle));
  await form.getByRole('button', { name: 'Find' }).click();
  await expect(form.getByLabel('Title')).toHaveValue(new RegExp(`\\(@${handle}\\)`));
  await expect(form.getByLabel('Description')).not.toHaveValue('');
  await expect(form.getByRole('img', { name: 'Your listing picture' })).toBeVisible();
  await shootBothWidths(page, 'exchange-instagram-setup-found');
  await form.getByRole('button', { name: 'Save my listing' }).click();

  // The two columns: the lists on the left, My Listing with its reputation and limit on the right.
  const mine = myListing(page);
  await expect(mine).toBeVisible();
  await expect(mine.getByText(`@${handle}`, { exact: true })).toBeVisible();
  await expect(reputationIn(page)).toHaveText(/^600/);
  await expect(reputationIn(page)).toHaveClass(/mq-rep--orange/);
  const limit = mine.getByLabel('Initiation Limit');
  await expect(limit).toHaveValue('500');
  await expect(swapListHeading(page)).toHaveText('New Listings');
  await expect(page.getByRole('region', { name: 'Good to know' })).toContainText(
    'Do only a few follow exchanges a day.',
  );
  await shootBothWidths(page, 'exchange-instagram');

  await limit.selectOption('600');
  await expect(toast(page, EXCHANGE_TEXT.repLimitUpdated)).toBeVisible();
  await expect(limit).toHaveValue('600');
  await page.reload();
  await expect(myListing(page).getByLabel('Initiation Limit')).toHaveValue('600');

  // Update reads the profile again and keeps the listing, its reputation and its limit (EX2).
  await myListing(page).getByRole('button', { name: 'Update' }).click();
  await expect(toast(page, `Your Instagram listing @${handle} is up to date.`)).toBeVisible();
  await expect(reputationIn(page)).toHaveText(/^600/);
  await expect(myListing(page).getByLabel('Initiation Limit')).toHaveValue('600');
});

test('EX3, EX4: a member whose reputation is below another member’s Initiation Limit does not see their listing', async ({
  browser,
  request,
}) => {
  const { member: viewer, page } = await premiumMember(browser, request, 'iglow');
  const { member: owner, page: ownerPage } = await premiumMember(browser, request, 'iglimit');
  const ownerHandle = handleOf(owner, 'iglimit');
  await setUpInstagram(request, viewer, handleOf(viewer, 'iglow'));
  await setUpInstagram(request, owner, ownerHandle);

  // The owner asks 600: the viewer's 600 meets it.
  await callAs(request, owner, 'exchange/instagram/updateRepLimit', { repLimit: 600 });
  await openExchange(page);
  await expect(swapListHeading(page)).toHaveText('New Listings');
  await expect(swapCard(page, ownerHandle)).toBeVisible();
  await expect(swapCard(page, ownerHandle).locator('.mq-rep')).toHaveText(/^600/);

  // At 700 the viewer's 600 falls short: the listing is not offered.
  await openExchange(ownerPage);
  await myListing(ownerPage).getByLabel('Initiation Limit').selectOption('700');
  await expect(toast(ownerPage, EXCHANGE_TEXT.repLimitUpdated)).toBeVisible();
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(page.getByRole('button', { name: 'Refresh' })).toBeEnabled();
  await expect(swapCard(page, ownerHandle)).toHaveCount(0);
  await page.reload();
  await expect(swapListHeading(page)).toHaveText('New Listings');
  await expect(swapCard(page, ownerHandle)).toHaveCount(0);
});

test('EX5, EX7: two members swap follows through the simulated Instagram and both reach 610', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const { member: ana, page: anaPage } = await premiumMember(browser, request, 'igana');
  const { member: ben, page: benPage } = await premiumMember(browser, request, 'igben');
  const anaHandle = handleOf(ana, 'igana');
  const benHandle = handleOf(ben, 'igben');
  await setUpInstagram(request, ana, anaHandle);
  await setUpInstagram(request, ben, benHandle);

  // Ana starts: Open Instagram, follow Ben on the simulated profile, come back, Done.
  await openExchange(anaPage);
  const benCard = swapCard(anaPage, benHandle);
  await expect(benCard).toBeVisible();
  await expect(benCard.getByRole('button', { name: /^Done/ })).toHaveCount(0);
  const popupOpened = anaPage.waitForEvent('popup');
  await benCard.getByRole('button', { name: /^Open Instagram/ }).click();
  const popup = await popupOpened;
  await expect(popup).toHaveURL(new RegExp(`/sim/instagram/${benHandle}`));
  await followOnSimulatedInstagram(popup, anaHandle);
  await popup.close();
  await expect(benCard.getByRole('button', { name: /^Skip/ })).toBeVisible();
  await shootBothWidths(anaPage, 'exchange-instagram-opened');
  await benCard.getByRole('button', { name: /^Done/ }).click();
  // The answer waits on Ben: an info toast that stays until closed (spec 3 §7).
  await expect(toast(anaPage, /We let .* know you followed/)).toBeVisible();
  await expect(benCard).toHaveCount(0);

  // Ben sees Ana under Follow Back, follows back on the simulated Instagram, and presses Done.
  await openExchange(benPage);
  await expect(swapListHeading(benPage)).toHaveText('Follow Back');
  const anaCard = swapCard(benPage, anaHandle);
  await expect(anaCard).toBeVisible();
  await shootBothWidths(benPage, 'exchange-instagram-follow-back');
  const benPopupOpened = benPage.waitForEvent('popup');
  await anaCard.getByRole('button', { name: /^Open Instagram/ }).click();
  const benPopup = await benPopupOpened;
  await followOnSimulatedInstagram(benPopup, benHandle);
  await benPopup.close();
  await expect(anaCard.getByRole('button', { name: /^Contest/ })).toBeVisible();
  await anaCard.getByRole('button', { name: /^Done/ }).click();
  await expect(toast(benPage, /followed back/)).toBeVisible();
  await expect(anaCard).toHaveCount(0);

  // Ana confirms the follow back under For Review: the swap is complete, +10 each (D7.1).
  await openExchange(anaPage);
  await expect(swapListHeading(anaPage)).toHaveText('For Review');
  const review = swapCard(anaPage, benHandle);
  await expect(review.getByRole('button', { name: /^Contest/ })).toBeVisible();
  await shootBothWidths(anaPage, 'exchange-instagram-review');
  await review.getByRole('button', { name: /^Confirm/ }).click();
  await expect(toast(anaPage, /Swap complete/)).toBeVisible();
  await expect(reputationIn(anaPage)).toHaveText(/^610/);
  await expect(reputationIn(anaPage)).toHaveClass(/mq-rep--orange/);

  await openExchange(benPage);
  await expect(reputationIn(benPage)).toHaveText(/^610/);
  // A pair that has swapped is not offered again (EX4).
  await expect(swapCard(benPage, anaHandle)).toHaveCount(0);
});

test('EX5: a contested follow costs the contested member 50 and the contester 20; the contested member acknowledges', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const { member: cara, page: caraPage } = await premiumMember(browser, request, 'igcara');
  const { member: dan, page: danPage } = await premiumMember(browser, request, 'igdan');
  const caraHandle = handleOf(cara, 'igcara');
  const danHandle = handleOf(dan, 'igdan');
  await setUpInstagram(request, cara, caraHandle);
  await setUpInstagram(request, dan, danHandle);

  // Dan follows Cara and claims it, then unfollows: his follow is no longer there to see (EX7).
  await clickFollowThroughHttp(danPage, danHandle, caraHandle);
  await callAs(request, dan, 'exchange/instagram/updateActionStatus', {
    status: 'claimed',
    action_id: 'new',
    user_number: 1,
    other_id: cara.id,
  });
  await clickFollowThroughHttp(danPage, danHandle, caraHandle);

  // Cara checks his profile from the Follow Back card, then contests, confirming the spec's text.
  await openExchange(caraPage);
  await expect(swapListHeading(caraPage)).toHaveText('Follow Back');
  const danCard = swapCard(caraPage, danHandle);
  const popupOpened = caraPage.waitForEvent('popup');
  await danCard.getByRole('button', { name: /^Open Instagram/ }).click();
  await (await popupOpened).close();
  await danCard.getByRole('button', { name: /^Contest/ }).click();
  const confirm = caraPage.getByRole('dialog', { name: `Contest @${danHandle}'s follow` });
  await expect(confirm).toContainText(
    `Contest this follow? If @${danHandle} did not follow you, contesting costs @${danHandle} 50 reputation and costs you 20.`,
  );
  await shootBothWidths(caraPage, 'exchange-instagram-contest');
  await confirm.getByRole('button', { name: 'Contest', exact: true }).click();
  await expect(toast(caraPage, /You contested/)).toBeVisible();
  await expect(reputationIn(caraPage)).toHaveText(/^580/);

  // Dan finds the contest under For Review and acknowledges it: nothing more changes.
  await openExchange(danPage);
  await expect(swapListHeading(danPage)).toHaveText('For Review');
  await expect(reputationIn(danPage)).toHaveText(/^550/);
  await expect(reputationIn(danPage)).toHaveClass(/mq-rep--orange/);
  const contest = swapCard(danPage, caraHandle);
  await contest.getByRole('button', { name: /^Acknowledge/ }).click();
  const ack = danPage.getByRole('dialog', { name: 'Acknowledge the contest' });
  await expect(ack).toContainText('Acknowledge this contest?');
  await ack.getByRole('button', { name: 'Acknowledge', exact: true }).click();
  await expect(toast(danPage, /cleared/)).toBeVisible();
  await expect(contest).toHaveCount(0);
  await expect(reputationIn(danPage)).toHaveText(/^550/);
  await openExchange(caraPage);
  await expect(reputationIn(caraPage)).toHaveText(/^580/);
});
