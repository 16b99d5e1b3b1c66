/** The English text of the announcements `npm start` seeds; the other languages are in seed-announcements.json. */
export const SEED_ANNOUNCEMENTS_EN = [
  {
    key: 'welcome',
    daysAgo: 1,
    title: 'Welcome to AIDF',
    body:
      '<p>AIDF is now open. Connect a wallet on BNB Smart Chain or Solana, or sign in with your e-mail, to hold your balances in one place.</p>' +
      '<p>From your account you can buy AI mining machines, pledge AIDF for 30, 90, 180 or 365 days, recharge and withdraw on chain, and invite friends to build your team.</p>',
  },
  {
    key: 'pledge',
    daysAgo: 3,
    title: 'Pledge periods and rates',
    body:
      '<p>Pledges run for 30, 90, 180 or 365 days. The rate of each period is shown in the pledge dialog before you confirm, together with your expected return.</p>' +
      '<p>Each day a pledge pays its share of the interest into your AIDF balance; the principal returns on the last day. The number of pledges per day is limited.</p>',
  },
  {
    key: 'withdrawals',
    daysAgo: 7,
    title: 'Withdrawal schedule',
    body:
      '<p>COW can be withdrawn twice per day. A withdrawal usually arrives in your wallet within about 15 minutes.</p>' +
      '<p>The fee is shown in the withdrawal dialog before you confirm. Never share your seed phrase: our staff will never ask for it.</p>',
  },
] as const;
