import { ROUTES, type TRouteName } from '../routes.ts';
import * as addressBook from './address-book.ts';
import * as assets from './assets.ts';
import * as auth from './auth.ts';
import * as authenticatorEndpoints from './authenticator.ts';
import * as chain from './chain.ts';
import * as emailChangeEndpoints from './email-change.ts';
import * as machine from './machine.ts';
import * as notifications from './notifications.ts';
import * as pledge from './pledge.ts';
import * as recharge from './recharge.ts';
import * as reserves from './reserves.ts';
import * as support from './support.ts';
import * as user from './user.ts';
import * as withdraw from './withdraw.ts';

export * from './address-book.ts';
export * from './assets.ts';
export * from './auth.ts';
export * from './authenticator.ts';
export * from './chain.ts';
export * from './common.ts';
export * from './email-change.ts';
export * from './machine.ts';
export * from './notifications.ts';
export * from './pledge.ts';
export * from './recharge.ts';
export * from './reserves.ts';
export * from './support.ts';
export * from './user.ts';
export * from './withdraw.ts';

// Each module exports its calls under their names in ROUTES (`export const getAssets = defineEndpoint({ ...ROUTES.getAssets, …`):
// the list below is made from ROUTES, so a call is named once, and a route without its definition fails the type check.
const DEFINED = {
  ...addressBook,
  ...assets,
  ...auth,
  ...authenticatorEndpoints,
  ...chain,
  ...emailChangeEndpoints,
  ...machine,
  ...notifications,
  ...pledge,
  ...recharge,
  ...reserves,
  ...support,
  ...user,
  ...withdraw,
};

/** Every call of SPEC.md point 7 and our own, keyed by its name in ROUTES, with its schemas. */
export const ENDPOINTS = Object.fromEntries(
  (Object.keys(ROUTES) as TRouteName[]).map((name) => [name, DEFINED[name]]),
) as Pick<typeof DEFINED, TRouteName>;
