import { MINER_CURRENCY_CODES, OPS, priceField } from '@aidf/contract';
import type { Command } from 'commander';
import { type Ops, operatorCommand } from './operator-program.ts';

/** The AI miner's price items and the payments no user's order counts (docs/operator-guide.md). */
export function addMachineCommands(program: Command, ops: Ops) {
  operatorCommand(program, 'machine-items', {
    summary: "the miner's price items, on sale or not",
    usage: 'usage: npm run operator -- machine-items',
  }).action(async () => console.table(await ops(OPS.priceItems)));

  const itemUsage = 'usage: npm run operator -- machine-item [<id>] --worth W ... --reason "..."';
  const item = operatorCommand(program, 'machine-item', {
    summary: 'add a price item, or change the item <id>: its worth, its price per currency, on or off sale',
    usage: itemUsage,
  })
    .argument('[id]', 'the item to change; none: a new item')
    .option('--worth <worth>', "the machine's worth");
  // --usdt, --bnb, ...: the price in each currency the miner accepts (MINER_CURRENCIES; '0': not used).
  for (const currency of MINER_CURRENCY_CODES) item.option(`--${currency} <amount>`, `the price in ${currency}`);
  item
    .option('--on', 'on sale')
    .option('--off', 'off sale')
    .requiredOption('--reason <text>', 'why, recorded in the audit')
    .action(async (id: string | undefined, options: Record<string, string | boolean | undefined>) => {
      if (!options.reason) throw new Error(itemUsage);
      const body = {
        worth: options.worth as string | undefined,
        ...Object.fromEntries(MINER_CURRENCY_CODES.map((c) => [priceField(c), options[c]])),
        ...(options.off ? { onSale: false } : options.on ? { onSale: true } : {}),
        reason: options.reason as string,
      };
      console.log(await (id ? ops(OPS.savePriceItem, { params: { id }, body }) : ops(OPS.addPriceItem, { body })));
    });

  operatorCommand(program, 'third-party-payments', {
    summary: 'payments to the collection address from an address bound to no user: counted for no order',
    usage: 'usage: npm run operator -- third-party-payments',
  }).action(async () => console.table(await ops(OPS.thirdPartyPayments)));
}
