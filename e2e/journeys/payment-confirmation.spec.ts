import { expect, test } from '@playwright/test';
import { pacificDate } from '@marquee/contract';
import { buyPremium, createMember, mailTo } from '../support/members.js';
import { serverNow, shootBothWidths } from '../support/earn.js';
import { useSession } from '../support/ui.js';

test('after paying on the test checkout the member is told their level and its end, and gets a receipt', async ({
  page,
  request,
}) => {
  const me = await createMember(request, 'paid');
  await useSession(page, me);
  await page.goto('/membership');
  await buyPremium(page, request, me);

  // One month of Premium from the server's today (D2.3: calendar months).
  const now = await serverNow(request);
  const until = new Date(now);
  until.setUTCMonth(until.getUTCMonth() + 1);
  const notice = `You are now a Premium member until ${pacificDate(until)}.`;
  // Said in the check's dialog and in a notice that outlives it.
  await expect(page.getByText(notice).first()).toBeVisible();

  // The account page opens; the notice stays there as a toast, so it can still be read.
  await expect(page).toHaveURL(/\/v4\/account$/);
  await expect(page.getByRole('dialog', { name: 'Welcome aboard!' })).toBeHidden();
  await expect(page.getByRole('alert').filter({ hasText: notice })).toBeVisible();
  await shootBothWidths(page, 'payment-confirmation');

  // The receipt (docs/domain.md Payments: receipts), read from the outbox as an admin.
  const receipt = await mailTo(
    request,
    me.email,
    'Your Marquee receipt: Premium membership, 1 month (paid once)',
  );
  expect(receipt.text).toContain('Amount: $9.95 (US dollars)');
  expect(receipt.text).toContain('Paid with: the test checkout');
  expect(receipt.text).toMatch(/Order number: \d+/);
  expect(receipt.text).toContain(`Your Premium membership now runs until ${pacificDate(until)}.`);
});
