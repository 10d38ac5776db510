import { expect, test } from '@playwright/test';
import { API, createMember, DEMO_PASSWORD, signInThroughApi } from '../support/members.js';
import { expectNoSeriousA11yViolations, expectSignedIn, screenshot, useSession } from '../support/ui.js';

test('the alert dropdown: empty at first, then a message alert (D8.2) that leads to the conversation', async ({
  page,
  request,
}) => {
  const member = await createMember(request, 'alerts');
  await useSession(page, member);
  await page.goto('/home');
  await expectSignedIn(page);

  const alerts = page.getByRole('button', { name: 'Alerts', exact: true });
  await expect(alerts).not.toHaveAccessibleDescription(/alert/);
  await alerts.click();
  await expect(page.getByText('You have no alerts yet.')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the empty alert dropdown');
  await page.keyboard.press('Escape');

  // A premium member writes; the badge counts it on the next check.
  const jonah = await signInThroughApi(request, 'demo-premium', DEMO_PASSWORD);
  const sent = await request.post(`${API}/messages/postMessage`, {
    headers: { authorization: `Bearer ${jonah.token}` },
    data: { to_id: member.id, message: 'Welcome to Marquee! Glad to have you here.' },
  });
  expect(((await sent.json()) as { status: string }).status).toBe('success');
  await page.reload();
  await expect(alerts).toHaveAccessibleDescription('1 new alert');

  await alerts.click();
  const item = page.getByRole('link', { name: /Jonah Whitaker sent you a message\./ });
  await expect(item).toHaveAttribute('href', `/messages/${String(jonah.user.id)}`);
  // Opening the list marks the alerts seen.
  await expect(alerts).not.toHaveAccessibleDescription(/alert/);
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'alerts-dropdown-390');
  await expectNoSeriousA11yViolations(page, 'the alert dropdown at 390 px');
  await item.click();
  await expect(page).toHaveURL(new RegExp(`/messages/${String(jonah.user.id)}$`));
  await expect(
    page
      .getByRole('list', { name: /^Messages with / })
      .getByText('Welcome to Marquee! Glad to have you here.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Messages', exact: true })).not.toHaveAccessibleDescription(
    /unread/,
  );
});
