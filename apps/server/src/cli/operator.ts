/**
 * The operator's command, speaking to a running server's operator API (it never opens the database itself:
 * the embedded one allows a single connection, the server's). `npm run operator -- --help` lists the commands,
 * `npm run operator -- <command> --help` one command's arguments and options; docs/operator-guide.md says when to
 * use each. The names of the commands, arguments and options, the messages and the exit codes are an interface:
 * scripts run them.
 *
 * OPERATOR_URL is the server (default http://127.0.0.1:8080). OPERATOR_TOKEN acts as the admin operator `cli`;
 * OPERATOR_NAME (default: the login name) is recorded beside it in the audit as the person who ran the command,
 * unverified.
 */
import { addChainCommands } from './chain-commands.ts';
import { addMachineCommands } from './machine-commands.ts';
import { addMoneyCommands } from './money-commands.ts';
import { failureOf, operatorProgram, opsOfEnvironment } from './operator-program.ts';
import { addOperatorsCommands } from './operators-commands.ts';
import { addReservesCommands } from './reserves-commands.ts';
import { addSettingsCommands } from './settings-commands.ts';
import { addTicketCommands } from './ticket-commands.ts';
import { addTreasuryCommands } from './treasury-commands.ts';

/** What no command or an unknown one answers, as it always has. */
const COMMANDS =
  'commands: credit, proposals, treasury-status, sweep-now, sweep-retry, sweep-skip, treasury-fund, approve, withdraw, reserves-verify, reserves-report, ledger-check, chain-status, payout-retry, payout-refund, run-job, config, set-config, tickets, reply, add-operator, set-role, disable-operator';

const program = operatorProgram()
  .argument('[command]')
  .allowExcessArguments()
  .action(() => {
    throw new Error(COMMANDS);
  });
const ops = opsOfEnvironment();
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

program.parseAsync(process.argv.slice(2), { from: 'user' }).catch((error: unknown) => {
  const { message, code } = failureOf(error);
  if (message !== null) console.error(message);
  process.exit(code);
});
