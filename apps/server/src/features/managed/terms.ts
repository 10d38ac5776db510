import { LEVEL_NAME } from '@marquee/contract';

/**
 * The Managed Rank terms of service (spec 4 §2 /managed/subscribe, MR4), shown above the tiers and
 * accepted with the checkbox before the checkout. A paragraph each; the page shows them in order.
 */
export const MANAGED_TERMS: readonly string[] = [
  `${LEVEL_NAME.managed} is a monthly service for Marquee members, offered by invitation. These terms apply to your subscription in addition to Marquee’s Terms of Use (/terms); by subscribing you accept both.`,
  'What the service does: each week Marquee sends views to the IMDb person page you were set up with, as sponsored views on Marquee that other members carry out and that Marquee pays for. How many views a week gets depends on your tier and on your page’s recent ranks and views. After each week ends, Marquee reads the page’s STARmeter rank from IMDb and shows it in your rank history at /managed.',
  'No guaranteed rank: IMDb works out STARmeter from many things Marquee does not control, including what everyone else on IMDb looks at that week. Your tier’s target is what the service aims for, not a promise. Your rank can go up or down in any week, and a week in which IMDb cannot be read is read again later.',
  'While you subscribe: Marquee offers you no IMDb listings to view yourself, and your own listings are set to 0 points and can only be set to 0. Everything else on Marquee works as before. Please do not buy or arrange views for the same IMDb page elsewhere at the same time: it would make the weekly sizing wrong.',
  'Billing: the price of your tier is charged when you subscribe and again every month on the same day, through the payment provider you choose, until you cancel. Prices are in US dollars and include the views sent on your behalf. If a monthly payment fails, the service stops at the end of the month already paid for.',
  'Cancelling: you can cancel at any time from /managed or your membership page. Cancelling stops the renewals; the service carries on until the end of the month you have paid for (your paid-through date), and then ends. Nothing more is charged after you cancel.',
  'Refunds follow Marquee’s policy for every payment on the site: support looks at each request, and a payment refunded stops the renewals while the service serves until the paid-through date. Views already sent cannot be taken back.',
  'Marquee may change these terms or the prices by telling you by email before your next renewal; you can cancel before the change applies. Marquee may end the service of a member who breaks the Terms of Use.',
  'Questions, or anything about your subscription or a payment: write to support@marquee.local with your subscription reference (shown at /managed as MR- followed by a number) or the order number on your receipt.',
];
