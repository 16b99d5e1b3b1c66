import * as assets from './assets.ts';
import * as auth from './auth.ts';
import * as chain from './chain.ts';
import * as machine from './machine.ts';
import * as pledge from './pledge.ts';
import * as recharge from './recharge.ts';
import * as reserves from './reserves.ts';
import * as support from './support.ts';
import * as user from './user.ts';
import * as withdraw from './withdraw.ts';

export * from './assets.ts';
export * from './auth.ts';
export * from './chain.ts';
export * from './common.ts';
export * from './machine.ts';
export * from './pledge.ts';
export * from './recharge.ts';
export * from './reserves.ts';
export * from './support.ts';
export * from './user.ts';
export * from './withdraw.ts';

/** Every call of SPEC.md point 7, keyed by name. */
export const ENDPOINTS = {
  sendVerifyCode: auth.sendVerifyCode,
  loginByMessage: auth.loginByMessage,
  addressLogin: auth.addressLogin,
  forgetPassword: auth.forgetPassword,
  logout: auth.logout,
  getFollowedInvite: user.getFollowedInvite,
  getUser: user.getUser,
  bindAddress: user.bindAddress,
  unBindAddress: user.unBindAddress,
  cowUserIndex: user.cowUserIndex,
  cowHomeUser: user.cowHomeUser,
  register: user.register,
  team: user.team,
  getAssets: assets.getAssets,
  getSubAssets: assets.getSubAssets,
  financeList: assets.financeList,
  financeStatement: assets.financeStatement,
  transfer: assets.transfer,
  transferRecipient: assets.transferRecipient,
  depositAddress: recharge.depositAddress,
  coinConfig: chain.coinConfig,
  withdraw: withdraw.withdraw,
  withdrawConfig: withdraw.withdrawConfig,
  withdrawList: withdraw.withdrawList,
  rechargeList: recharge.rechargeList,
  machineIndex: machine.machineIndex,
  machinePrices: machine.machinePrices,
  buyMachine: machine.buyMachine,
  cancelOrder: machine.cancelOrder,
  submitOrderHash: machine.submitOrderHash,
  orderStatus: machine.orderStatus,
  machineList: machine.machineList,
  fundInfo: pledge.fundInfo,
  pledge: pledge.pledge,
  pledgeList: pledge.pledgeList,
  investInfo: pledge.investInfo,
  ticketList: support.ticketList,
  createTicket: support.createTicket,
  ticketReplies: support.ticketReplies,
  ticketFollowUp: support.ticketFollowUp,
  ticketRecords: support.ticketRecords,
  announcementList: support.announcementList,
  announcementDetail: support.announcementDetail,
  reservesProof: reserves.reservesProof,
} as const;
