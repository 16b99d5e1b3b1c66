/**
 * Method, path and sign-in need of every call of SPEC.md point 7, as plain data without zod:
 * the web app calls through these; the schemas of each live in ./endpoints.
 */
export const ROUTES = {
  getAssets: { method: 'GET', path: '/v1/ma/account/assets/{mid}', auth: true },
  getSubAssets: { method: 'GET', path: '/v1/ma/account/assets/sub/{submode}', auth: true },
  financeList: { method: 'POST', path: '/v1/ma/account/finance/{currency}/p/{pageNum}-{pageSize}', auth: true },
  financeStatement: {
    method: 'GET',
    path: '/v1/ma/account/finance/{currency}/{submode}/p/{pageNum}-{pageSize}',
    auth: true,
  },
  transfer: { method: 'POST', path: '/v1/cow/home/transfer', auth: true },
  /** Ours: who a username is, before the wallet is asked to sign a transfer to it. */
  transferRecipient: { method: 'GET', path: '/v1/cow/home/transfer/recipient/{username}', auth: true },
  sendVerifyCode: { method: 'POST', path: '/v1/mc/user/msg/verifycode/{receiver}/{bizType}', auth: false },
  loginByMessage: { method: 'POST', path: '/v1/sso/login/message/{loginName}', auth: false },
  addressLogin: { method: 'POST', path: '/v1/sso/dapp/addressLogin', auth: false },
  forgetPassword: { method: 'POST', path: '/v1/ma/user/forget/password/web3', auth: false },
  depositAddress: {
    method: 'GET',
    path: '/v1/chn/coin/{currency}/{chainCurrency}/address/{mid}/{businessMode}',
    auth: true,
  },
  coinConfig: { method: 'GET', path: '/v1/ins/coin/config', auth: false },
  withdraw: { method: 'POST', path: '/v1/oms/assets/withdraw/web3', auth: true },
  /** Ours: the fee rate and limits the withdrawal dialog shows (RULES.md: one config value decides). */
  withdrawConfig: { method: 'GET', path: '/v1/oms/assets/withdraw/config', auth: true },
  /** Ours: the user's withdrawals and the state of each payout. */
  withdrawList: { method: 'GET', path: '/v1/oms/assets/withdraw/web3/p/{pageNum}-{pageSize}', auth: true },
  /** Ours: the withdrawal address book, its entries' confirmation and hold, and 'address book only'. */
  addressBook: { method: 'GET', path: '/v1/oms/assets/withdraw/address-book', auth: true },
  addressBookAdd: { method: 'POST', path: '/v1/oms/assets/withdraw/address-book', auth: true },
  addressBookConfirm: { method: 'POST', path: '/v1/oms/assets/withdraw/address-book/{id}/confirm', auth: true },
  addressBookRemove: { method: 'POST', path: '/v1/oms/assets/withdraw/address-book/{id}/remove', auth: true },
  addressBookOnly: { method: 'POST', path: '/v1/oms/assets/withdraw/address-book-only', auth: true },
  /** Ours: the user's authenticator (TOTP) and its recovery codes. */
  authenticator: { method: 'GET', path: '/v1/ma/user/authenticator', auth: true },
  authenticatorSetup: { method: 'POST', path: '/v1/ma/user/authenticator/setup', auth: true },
  authenticatorEnable: { method: 'POST', path: '/v1/ma/user/authenticator/enable', auth: true },
  authenticatorDisable: { method: 'POST', path: '/v1/ma/user/authenticator/disable', auth: true },
  /** Ours: the user's e-mail changed (or added, for an account without one), with codes mailed for it. */
  emailChangeCode: { method: 'POST', path: '/v1/ma/user/email/code', auth: true },
  emailChange: { method: 'POST', path: '/v1/ma/user/email', auth: true },
  /** Ours: the user's credited on-chain recharges, newest first. */
  rechargeList: { method: 'GET', path: '/v1/chn/recharge/p/{pageNum}-{pageSize}', auth: true },
  machineIndex: { method: 'POST', path: '/v1/cow/home/index', auth: true },
  /** Ours: what is on sale, for a visitor too (the index above carries the user's own buy state). */
  machinePrices: { method: 'GET', path: '/v1/cow/home/prices', auth: false },
  buyMachine: { method: 'POST', path: '/v1/cow/home/buy/ai/{id}', auth: true },
  cancelOrder: { method: 'POST', path: '/v1/cow/home/order/cancel', auth: true },
  submitOrderHash: { method: 'POST', path: '/v1/cow/home/order/hash', auth: true },
  orderStatus: { method: 'GET', path: '/v1/cow/home/order/{orderId}', auth: true },
  machineList: { method: 'POST', path: '/v1/cow/ai/machine/p/{pageNum}-{pageSize}', auth: true },
  fundInfo: { method: 'POST', path: '/v1/cow/fund/info', auth: true },
  pledge: { method: 'POST', path: '/v1/cow/fund/pledge/{amount}/{days}/{submode}', auth: true },
  pledgeList: { method: 'POST', path: '/v1/cow/fund/fundOrder/p/{type}/{pageNum}-{pageSize}', auth: true },
  /** Ours: a running pledge's auto-renew switched on ('1') or off ('0') before its maturity day. */
  pledgeAutoRenew: { method: 'POST', path: '/v1/cow/fund/fundOrder/{id}/autoRenew/{on}', auth: true },
  /** Ours: a month's statement (opening balance, entries, closing balance per currency), month 'YYYY-MM' (UTC). */
  monthStatement: { method: 'GET', path: '/v1/ma/account/statement/{month}', auth: true },
  /** Ours (SPEC.md names the fields, not the call): the invest contract's network info. */
  investInfo: { method: 'POST', path: '/v1/cow/fund/network', auth: true },
  ticketList: { method: 'POST', path: '/v1/cms/work/order/p/{pageNum}-{pageSize}/{mid}', auth: true },
  createTicket: { method: 'POST', path: '/v1/cms/work/memberOrder', auth: true },
  ticketReplies: {
    method: 'POST',
    path: '/v1/cms/work/order/memberCheck/p/{workOrderNo}/{pageNum}-{pageSize}',
    auth: true,
  },
  /** Ours: the user's follow-up on a ticket. */
  ticketFollowUp: { method: 'POST', path: '/v1/cms/work/order/reply/{ticketId}', auth: true },
  /** Ours: the records a ticket can name. */
  ticketRecords: { method: 'GET', path: '/v1/cms/work/records', auth: true },
  announcementList: { method: 'POST', path: '/v1/cms/content/p/{pageNum}-{pageSize}', auth: false },
  announcementDetail: { method: 'POST', path: '/v1/cms/content/{id}', auth: false },
  getFollowedInvite: { method: 'GET', path: '/v1/ma/user/followed/invite/{prodId}/{loginName}', auth: false },
  getUser: { method: 'GET', path: '/v1/ma/user/{mid}', auth: true },
  bindAddress: { method: 'POST', path: '/v1/ma/user/bindAddress', auth: true },
  unBindAddress: { method: 'POST', path: '/v1/ma/user/unBindAddress', auth: true },
  cowUserIndex: { method: 'POST', path: '/v1/cow/user/index', auth: true },
  cowHomeUser: { method: 'POST', path: '/v1/cow/home/user', auth: true },
  register: { method: 'POST', path: '/v1/cow/home/register', auth: true },
  team: { method: 'GET', path: '/v1/cow/user/child', auth: true },
  /** Ours: the user's proof that their balance is included in the latest proof of reserves. */
  reservesProof: { method: 'GET', path: '/v1/reserves/proof', auth: true },
  /** Ours: SPEC.md names no sign-out call, RULES.md says sign-out revokes the token. */
  logout: { method: 'POST', path: '/v1/sso/logout', auth: true },
  /** Ours: the inbox (docs/user-guide.md "Inbox"), newest first. */
  notificationList: { method: 'GET', path: '/v1/ma/notice/p/{pageNum}-{pageSize}', auth: true },
  /** Ours: the bell's count. */
  notificationUnread: { method: 'GET', path: '/v1/ma/notice/unread', auth: true },
  notificationRead: { method: 'POST', path: '/v1/ma/notice/read/{id}', auth: true },
  notificationReadAll: { method: 'POST', path: '/v1/ma/notice/read-all', auth: true },
  /** Ours: the anti-phishing word and the money e-mails turned off. */
  notificationSettings: { method: 'GET', path: '/v1/ma/notice/settings', auth: true },
  saveNotificationSettings: { method: 'POST', path: '/v1/ma/notice/settings', auth: true },
  /** Ours: the signed-in devices, and signing one or all others out. */
  sessionList: { method: 'GET', path: '/v1/sso/sessions', auth: true },
  sessionSignOut: { method: 'POST', path: '/v1/sso/sessions/{id}/logout', auth: true },
  sessionSignOutOthers: { method: 'POST', path: '/v1/sso/sessions/logout-others', auth: true },
} as const;

export type TRouteName = keyof typeof ROUTES;
