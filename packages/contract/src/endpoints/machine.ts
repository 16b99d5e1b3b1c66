import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { ROUTES } from '../routes.ts';
import { pageOf, ZDecimalString, ZEmpty, ZIdString, ZPageParams, ZText, ZTimeMs } from '../schemas.ts';

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
  ...ROUTES.machineIndex,
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
  ...ROUTES.buyMachine,
  summary: 'Buy the machine of a price item',
  params: z.object({ id: ZIdString }),
  data: ZOrder,
});

export const cancelOrder = defineEndpoint({
  ...ROUTES.cancelOrder,
  summary: 'Cancel an order awaiting payment; the held part is released',
  body: z.object({ orderNo: ZText(64) }),
  data: ZEmpty,
});

export const submitOrderHash = defineEndpoint({
  ...ROUTES.submitOrderHash,
  summary: 'Submit the transaction id that pays an order',
  body: z.object({ orderNo: ZText(64), txId: ZText(120) }),
  data: ZEmpty,
});

export const orderStatus = defineEndpoint({
  ...ROUTES.orderStatus,
  summary: 'Order status poll',
  params: z.object({ orderId: ZText(64) }),
  data: ZOrder,
});

export const machineList = defineEndpoint({
  ...ROUTES.machineList,
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
