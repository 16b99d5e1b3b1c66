import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { ZDecimalString, ZEmpty, ZPageParams, ZTimeMs, pageOf } from '../schemas.ts';

/** A price item; an amount of '0' means the currency is not used (SPEC.md point 3). */
export const ZPriceItem = z.object({
  id: z.string(),
  worth: ZDecimalString,
  bnbAmount: ZDecimalString,
  solAmount: ZDecimalString,
  usdtAmount: ZDecimalString,
  eoeoAmount: ZDecimalString,
});

export const machineIndex = defineEndpoint({
  method: 'POST',
  path: '/v1/cow/home/index',
  auth: true,
  summary: 'Machine index: the price items grouped by worth',
  data: z.object({ aiMinningPriceItems: z.array(ZPriceItem) }),
});

export const ZOrder = z.object({
  orderNo: z.string(),
  status: z.number().int(),
  lackBnb: ZDecimalString,
  lackEoeo: ZDecimalString,
  lackSol: ZDecimalString,
});

export const buyMachine = defineEndpoint({
  method: 'POST',
  path: '/v1/cow/home/buy/ai/{id}',
  auth: true,
  summary: 'Buy the machine of a price item',
  params: z.object({ id: z.string().regex(/^[1-9]\d{0,18}$/) }),
  data: ZOrder,
});

export const cancelOrder = defineEndpoint({
  method: 'POST',
  path: '/v1/cow/home/order/cancel',
  auth: true,
  summary: 'Cancel an order awaiting payment; the held part is released',
  body: z.object({ orderNo: z.string().min(1).max(64) }),
  data: ZEmpty,
});

export const submitOrderHash = defineEndpoint({
  method: 'POST',
  path: '/v1/cow/home/order/hash',
  auth: true,
  summary: 'Submit the transaction id that pays an order',
  body: z.object({ orderNo: z.string().min(1).max(64), txId: z.string().min(1).max(120) }),
  data: ZEmpty,
});

export const orderStatus = defineEndpoint({
  method: 'GET',
  path: '/v1/cow/home/order/{orderId}',
  auth: true,
  summary: 'Order status poll',
  params: z.object({ orderId: z.string().min(1).max(64) }),
  data: ZOrder,
});

export const machineList = defineEndpoint({
  method: 'POST',
  path: '/v1/cow/ai/machine/p/{pageNum}-{pageSize}',
  auth: true,
  summary: "The user's machines",
  params: ZPageParams,
  data: pageOf(
    z.object({
      id: z.string(),
      worth: ZDecimalString,
      mined: ZDecimalString,
      cap: ZDecimalString,
      running: z.boolean(),
      createTime: ZTimeMs,
    }),
  ),
});
