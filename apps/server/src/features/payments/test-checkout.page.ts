import { LEVEL_NAME, managed } from '@marquee/contract';
import { escapeHtml, html, type SafeHtml } from '../../platform/html.js';
import { dollars } from '../membership/index.js';
import { sponsoredDescription } from '../sponsored/index.js';
import type { TestCheckout } from './payments.repo.js';

/** The built-in test checkout's pages (D10.2): every one says that no money moves. */

const TEST_NOTE = 'This is a test payment. No card is charged and no money moves.';

function checkoutPage(title: string, body: SafeHtml): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Marquee test checkout</title>
<style>
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f4f2fa;color:#1d1740}
.bar{background:#2a1f6f;color:#fff;padding:14px 20px;font-weight:700;letter-spacing:.02em}
.bar span{color:#e9b949}
.note{background:#fff4d6;border-bottom:1px solid #e9b949;padding:10px 20px;font-weight:600}
main{max-width:460px;margin:32px auto;padding:0 16px}
.card{background:#fff;border-radius:12px;box-shadow:0 2px 10px rgba(42,31,111,.12);padding:24px}
h1{font-size:1.35rem;margin:0 0 12px}
dl{display:grid;grid-template-columns:auto 1fr;gap:6px 16px;margin:0 0 20px}
dt{color:#5b5680}dd{margin:0;font-weight:600}
button{font:inherit;border-radius:8px;padding:10px 18px;border:0;cursor:pointer}
.pay{background:#2a1f6f;color:#fff;width:100%;font-weight:700}
.pay:focus-visible,.cancel:focus-visible{outline:3px solid #e9b949;outline-offset:2px}
.cancel{background:none;color:#2a1f6f;text-decoration:underline;margin-top:8px;width:100%}
</style></head>
<body><div class="bar">Marquee <span>test checkout</span></div>
<div class="note" role="note">${escapeHtml(TEST_NOTE)}</div>
<main>${body.value}</main></body></html>`;
}

/** A checkout that was paid, cancelled or never started. */
export function checkoutGonePage(): string {
  return checkoutPage(
    'Checkout not found',
    html`<div class="card">
      <h1>This checkout is not open</h1>
      <p>It was paid, cancelled or never started.</p>
      <p><a href="/v4/membership">Back to Marquee</a></p>
    </div>`,
  );
}

/** An open checkout: what is bought, for how much and for whom, with Pay and Cancel. */
export function testCheckoutPage(row: TestCheckout, ref: string): string {
  const p = row.purchase;
  const sponsoredActivity = p.kind === 'sponsored';
  const recurring = p.kind === 'subscription' || p.kind === 'managed';
  const level = LEVEL_NAME[p.level === 'pro' ? 'pro' : 'premium'];
  // Managed Rank (MR4): the tier is the one whose monthly price this checkout charges.
  const tier = managed.MANAGED_TIERS.find((t) => t.pricePennies === p.amountPennies);
  const what = sponsoredActivity
    ? sponsoredDescription(p.quantity ?? 0, row.listing?.type ?? '', row.listing?.name ?? 'your listing')
    : p.kind === 'managed'
      ? `${LEVEL_NAME.managed}${tier ? `, ${tier.name}` : ''}, monthly`
      : `${level}, ${p.months === 1 ? '1 month' : `${p.months} months`}`;
  const heading = recurring
    ? 'Start your subscription'
    : sponsoredActivity
      ? 'Pay for sponsored activity'
      : 'Pay for your membership';
  const body = html`<div class="card">
    <h1>${heading}</h1>
    <dl>
      <dt>${sponsoredActivity ? 'Sponsored activity' : 'Membership'}</dt>
      <dd>${what}</dd>
      <dt>${recurring ? 'Each period' : 'Total'}</dt>
      <dd>${dollars(p.amountPennies)} (test)</dd>
      <dt>Account</dt>
      <dd>${row.email ?? ''}</dd>
    </dl>
    <form method="post" action="/v4/checkout/test/${ref}/pay">
      <button class="pay" type="submit">
        ${recurring ? 'Subscribe' : 'Pay'} ${dollars(p.amountPennies)} (test payment)
      </button>
    </form>
    <form method="post" action="/v4/checkout/test/${ref}/cancel">
      <button class="cancel" type="submit">Cancel and go back to Marquee</button>
    </form>
  </div>`;
  return checkoutPage('Checkout', body);
}
