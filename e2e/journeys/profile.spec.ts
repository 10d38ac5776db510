import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { API, createMember, DEMO_PASSWORD, signInThroughApi, type Member } from '../support/members.js';
import { shootBothWidths } from '../support/earn.js';
import { expectNoSeriousA11yViolations, expectSignedIn, useSession } from '../support/ui.js';

/** A picture made on the spot, as a member's own photo would be. */
const photo = (r: number, g: number, b: number) =>
  sharp({ create: { width: 320, height: 320, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer();

const card = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

async function openProfile(page: Page, member: Member, path = '/profile') {
  await useSession(page, member);
  await page.goto(path);
  await expectSignedIn(page);
}

async function addPhoto(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
  const chooser = page.waitForEvent('filechooser');
  await card(page, 'Photos').getByRole('button', { name: 'Add photo' }).click();
  await (await chooser).setFiles(file);
}

test('a member edits their profile, adds photos (default, delete) and a video', async ({ page, request }) => {
  const me = await createMember(request, 'prof');
  await openProfile(page, me);
  await expect(page.getByRole('heading', { level: 1, name: `${me.first} ${me.last}` })).toBeVisible();
  await expect(card(page, 'Photos')).toContainText('You have no photos yet.');

  // Edit: the second job appears only once the first is chosen (spec 2 §5).
  await page.getByRole('button', { name: 'Edit details' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit your details' });
  await expect(edit.getByLabel('Second job title')).toHaveCount(0);
  await edit.getByLabel('Location').selectOption('Atlanta, GA');
  await edit.getByLabel('Main job title').selectOption('Actor');
  await edit.getByLabel('Second job title').selectOption('Writer');
  await expect(edit.getByLabel('Third job title')).toBeVisible();
  await edit.getByLabel('Bio').fill('Stage and screen actor. Reel: https://example.com/reel');
  await edit.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByText('Your details were successfully updated!')).toBeVisible();
  await expect(edit).toBeHidden();
  const head = page.getByRole('region', { name: `${me.first} ${me.last}` });
  await expect(head).toContainText('Actor · Writer');
  await expect(head).toContainText('Atlanta, GA');
  await expect(card(page, 'About').getByRole('link', { name: 'https://example.com/reel' })).toHaveAttribute(
    'target',
    '_blank',
  );

  // A text file named like a picture is refused by its content (spec 2 §5).
  await addPhoto(page, { name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from('not a picture') });
  await expect(card(page, 'Photos').getByRole('alert')).toHaveText(
    'Please upload a picture in PNG, GIF, JPEG or BMP format.',
  );
  // Two photos: the first becomes the profile photo, and a free member can add no third (spec 2 §5).
  await addPhoto(page, { name: 'first.png', mimeType: 'image/png', buffer: await photo(58, 47, 143) });
  await expect(card(page, 'Photos').getByRole('listitem')).toHaveCount(1);
  await addPhoto(page, { name: 'second.png', mimeType: 'image/png', buffer: await photo(224, 165, 38) });
  await expect(card(page, 'Photos').getByRole('listitem')).toHaveCount(2);
  await expect(card(page, 'Photos').getByRole('button', { name: 'Add photo' })).toBeDisabled();
  await expect(card(page, 'Photos')).toContainText('Free Members can have up to 2 photos.');
  const topBarAvatar = page.getByRole('banner').locator('img.mq-avatar').first();
  await expect(topBarAvatar).toHaveAttribute('src', /^\/media\/80\//);

  // Make the newer one the default, then delete it: the other becomes the default again.
  const newest = card(page, 'Photos').getByRole('listitem').first();
  await newest.getByRole('button', { name: 'Make default' }).click();
  await expect(page.getByText('This picture is now your profile photo.')).toBeVisible();
  await expect(newest).toContainText('Profile photo');
  await newest.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this picture?' });
  await confirm.getByRole('button', { name: 'Delete picture' }).click();
  await expect(page.getByText('Your picture was successfully deleted.')).toBeVisible();
  await expect(card(page, 'Photos').getByRole('listitem')).toHaveCount(1);
  await expect(card(page, 'Photos').getByRole('listitem')).toContainText('Profile photo');
  await expect(card(page, 'Photos').getByRole('button', { name: 'Add photo' })).toBeEnabled();

  // A video: a link that is not YouTube's is refused and cleared (spec 1 §5), then a real one.
  await page.getByRole('button', { name: 'Add video' }).click();
  const add = page.getByRole('dialog', { name: 'Add a video' });
  await add.getByLabel('YouTube link').fill('https://vimeo.com/1234');
  await add.getByRole('button', { name: 'Add video' }).click();
  await expect(add.getByRole('alert')).toHaveText(
    'There was a problem with the URL you provided. Make sure it is a YouTube link!',
  );
  await expect(add.getByLabel('YouTube link')).toHaveValue('');
  // A video of the simulated catalogue (D9): the demo's profile videos are there.
  await add.getByLabel('YouTube link').fill('https://youtu.be/mqProfile00');
  await add.getByRole('button', { name: 'Add video' }).click();
  await expect(page.getByText('Your video was added to your profile.')).toBeVisible();
  const video = card(page, 'Videos').getByRole('button', { name: /^Play / });
  await expect(video).toHaveCount(1);
  await video.click();
  const player = page.getByRole('dialog');
  await expect(player.locator('iframe')).toHaveAttribute('src', '/sim/youtube/embed/mqProfile00');
  await player.getByRole('button', { name: 'Close the player' }).click();

  await page.reload();
  await expect(card(page, 'Photos').getByRole('listitem')).toHaveCount(1);
  await expectNoSeriousA11yViolations(page, 'own profile');
  await shootBothWidths(page, 'profile-own');
});

test('a member views a demo profile and blocks another member: their profile and posts are gone', async ({
  page,
  request,
}) => {
  const me = await createMember(request, 'blk');
  const other = await createMember(request, 'blkb');
  const post = `Table read this Friday, from ${other.last}`;
  const mine = `Looking for a gaffer, from ${me.last}`;
  for (const [who, comment] of [
    [other, post],
    [me, mine],
  ] as const) {
    const posted = await request.post(`${API}/news/postNews`, {
      headers: { authorization: `Bearer ${who.token}` },
      data: { comment },
    });
    expect(posted.ok()).toBe(true);
  }

  // A demo member's full profile: photo, jobs, bio, videos and the listings to act on.
  await openProfile(page, me, '/profile');
  const demo = await signInThroughApi(request, 'demo-pro', DEMO_PASSWORD);
  await page.goto(`/profile/${Number(demo.user.id)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Priya Raman' })).toBeVisible();
  await expect(card(page, 'Videos').getByRole('button', { name: /^Play / })).toHaveCount(2);
  await expect(card(page, "Act on Priya's listings")).toBeVisible();
  // A free member can't start a conversation (spec 2 §5), so there is no Message button.
  await expect(page.getByRole('link', { name: /^Message / })).toHaveCount(0);
  await shootBothWidths(page, 'profile-other');

  await page.goto('/home');
  await expect(page.getByText(post)).toBeVisible();
  await page.goto(`/profile/${other.id}`);
  await page.getByRole('button', { name: 'Block', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: `Block ${other.first} ${other.last}?` });
  await expect(confirm).toContainText('no longer see each other');
  await confirm.getByRole('button', { name: 'Block', exact: true }).click();
  await expect(page.getByText('You have successfully blocked this user.')).toBeVisible();
  await expect(
    page.getByRole('heading', { name: `You have blocked ${other.first} ${other.last}` }),
  ).toBeVisible();

  // D4.1: the feed no longer shows their post, and they find no profile of mine.
  await page.goto('/home');
  await expect(page.getByText(mine)).toBeVisible();
  await expect(page.getByText(post)).toHaveCount(0);
  const theirView = await request.post(`${API}/profile/fetchUserDetails`, {
    headers: { authorization: `Bearer ${other.token}` },
    data: { user_id: me.id },
  });
  expect(theirView.status()).toBe(404);

  // Unblocking brings the profile back.
  await page.goto(`/profile/${other.id}`);
  await page.getByRole('button', { name: `Unblock ${other.first}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `${other.first} ${other.last}` })).toBeVisible();
});
