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
import { operatorCommands } from './operator-commands.ts';
import { failureOf, opsOfEnvironment } from './operator-program.ts';

operatorCommands(opsOfEnvironment())
  .parseAsync(process.argv.slice(2), { from: 'user' })
  .catch((error: unknown) => {
    const { message, code } = failureOf(error);
    if (message !== null) console.error(message);
    process.exit(code);
  });
