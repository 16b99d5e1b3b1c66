/** Business constants of SPEC.md point 9; the server and the client read them from here. */
export const PROD_ID = 3;
export const MERCHANT_ID = 16;

export const REQUEST_TIMEOUT_MS = 30_000;
/** A signed request or wallet signature older or newer than this is refused. */
export const MAX_CLOCK_SKEW_MS = 5 * 60_000;

export const PLEDGE_DAYS = [30, 90, 180, 365] as const;
export type PledgeDays = (typeof PLEDGE_DAYS)[number];
export const PLEDGE_AMOUNT = { min: '1', max: '1000000' } as const;

export const WITHDRAW_PER_DAY = 2;
export const WITHDRAW_ARRIVAL_MINUTES = 15;
export const WITHDRAW_AMOUNT = { min: '1', max: '1000000' } as const;
/** The currencies a user may withdraw (each has its amount limits: withdraw.limit.*.<currency>). */
export const WITHDRAW_CURRENCIES = ['cow'] as const;
export type TWithdrawCurrency = (typeof WITHDRAW_CURRENCIES)[number];

export const BSC_CHAIN_ID_HEX = '0x38';
export const BSC_CHAIN_ID = 56;

export const VERIFY_CODE_COUNTDOWN_S = 60;
/** SPEC.md point 7: the order status is polled every 3000 ms, up to 100 times. */
export const ORDER_POLL_INTERVAL_MS = 3_000;
export const ORDER_POLL_MAX_TRIES = 100;
export const RECEIPT_POLL_INTERVAL_MS = 500;
export const MAX_PAGE_SIZE = 100;

export const MASK_KEEP = 4;

/** Order status values of SPEC.md point 4 (machine purchase result). */
export const ORDER_STATUS = { awaitingPayment: 0, paid: 1, pending: 2, cancelled: 3, expired: 4 } as const;
/** Minutes an order awaits payment before the job order-expiry expires it (RULES.md "AI miner"). */
export const ORDER_EXPIRY_MINUTES = 30;
/**
 * Transaction ids (POST /v1/cow/home/order/hash) one order may have waiting for the collection watcher's look
 * at once (81030 beyond), and one user may submit per hour (9000 beyond). A hint the chain does not know is
 * dropped after one look, which frees its place.
 */
export const ORDER_HINTS_OPEN_MAX = 5;
export const ORDER_HINTS_PER_HOUR = 20;

/** Header names of SPEC.md point 7, exactly as outside clients send them. */
export const HEADERS = {
  authorization: 'authorization',
  timestamp: 'timestamp',
  terminal: 'terminal',
  address: 'address',
  chain: 'chain',
  language: 'language',
  merchantId: 'merchant-id',
  signature: 'signature',
} as const;

/** The code of every successful answer. */
export const SUCCESS_CODE = 200;

/**
 * The public Solana RPC the app reads and sends through from the browser (SPEC.md point 7) when the server
 * names no other; the server allows it in the app's Content-Security-Policy.
 */
export const PUBLIC_SOLANA_RPC_URL = 'https://api.mainnet-beta.solana.com';
