import type { Command } from 'commander';
import { addChainCommands } from './chain-commands.ts';
import { addMachineCommands } from './machine-commands.ts';
import { addMoneyCommands } from './money-commands.ts';
import { type Ops, operatorProgram } from './operator-program.ts';
import { addOperatorsCommands } from './operators-commands.ts';
import { addReservesCommands } from './reserves-commands.ts';
import { addSettingsCommands } from './settings-commands.ts';
import { addTicketCommands } from './ticket-commands.ts';
import { addTreasuryCommands } from './treasury-commands.ts';

/** What no command or an unknown one answers, as it always has. */
const COMMANDS =
  'commands: credit, proposals, treasury-status, sweep-now, sweep-retry, sweep-skip, treasury-fund, approve, withdraw, reserves-verify, reserves-report, ledger-check, chain-status, payout-retry, payout-refund, run-job, config, set-config, tickets, reply, add-operator, set-role, disable-operator';

/** Every command of `npm run operator`, in the order the help lists them, calling the operator API through `ops`. */
export function operatorCommands(ops: Ops): Command {
  const program = operatorProgram()
    .argument('[command]')
    .allowExcessArguments()
    .action(() => {
      throw new Error(COMMANDS);
    });
  for (const addGroup of [
    addMoneyCommands,
    addOperatorsCommands,
    addChainCommands,
    addMachineCommands,
    addTicketCommands,
    addSettingsCommands,
    addReservesCommands,
    addTreasuryCommands,
  ]) {
    addGroup(program, ops);
  }
  return program;
}
