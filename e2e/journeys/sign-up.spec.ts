import { expect, test } from '@playwright/test';
import { uniqueDetails } from '../support/members.js';
import { expectSignedIn, pointBalance } from '../support/ui.js';

test.describe('Sign-up', () => {
  test('a new member signs up through the form and lands signed in with 100 points', async ({ page }) => {
    const me = uniqueDetails('signup');
    await page.goto('/signup');
    await expect(page.getByRole('heading', { level: 1, name: 'Join Marquee' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Log in instead' })).toBeVisible();

    await page.getByLabel('First name', { exact: true }).fill(me.first);
    await page.getByLabel('Last name', { exact: true }).fill(me.last);
    await page.getByLabel('Email', { exact: true }).fill(me.email);
    await page.getByLabel('Username', { exact: true }).fill(me.username);
    await page.getByLabel('Password', { exact: true }).fill(me.password);
    await page.getByLabel('IMDb page URL', { exact: true }).fill(me.imdb);
    await page.getByRole('button', { name: 'Create Account', exact: true }).click();

    await expectSignedIn(page);
    await expect(page).toHaveURL(/\/home\/?$/);
    await expect(pointBalance(page)).toContainText('100 points');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
    const stored = await page.evaluate(() => localStorage.getItem('user'));
    expect(stored, 'localStorage "user" holds the member').toContain(me.username);
  });

  test('a taken username shows the server message in an alert', async ({ page, request }) => {
    const first = uniqueDetails('taken');
    const register = await request.post('/v4/operations/login/register', { data: first });
    expect((await register.json()).status).toBe('success');

    const me = { ...uniqueDetails('taken'), username: first.username };
    await page.goto('/signup');
    await page.getByLabel('First name', { exact: true }).fill(me.first);
    await page.getByLabel('Last name', { exact: true }).fill(me.last);
    await page.getByLabel('Email', { exact: true }).fill(me.email);
    await page.getByLabel('Username', { exact: true }).fill(me.username);
    await page.getByLabel('Password', { exact: true }).fill(me.password);
    await page.getByLabel('IMDb page URL', { exact: true }).fill(me.imdb);
    await page.getByRole('button', { name: 'Create Account', exact: true }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'That username is already taken. Please choose another.' }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Join Marquee' })).toBeVisible();
  });
});
