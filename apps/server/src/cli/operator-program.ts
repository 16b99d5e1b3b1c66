import { userInfo } from 'node:os';
import type { OpsEndpointDef } from '@aidf/contract';
import { Command, CommanderError } from 'commander';
import { DEV_OPERATOR_TOKEN } from '../config.ts';
import { DEFAULT_OPERATOR_URL, opsCall } from './operator-client.ts';

/** One call of the operator API through the command's client (OPERATOR_URL, OPERATOR_TOKEN, OPERATOR_NAME). */
export type Ops = <E extends OpsEndpointDef>(
  endpoint: E,
  input?: Parameters<typeof opsCall<E>>[2],
) => ReturnType<typeof opsCall<E>>;

/** The client of the environment: the token acts as the admin `cli`; the name is recorded beside it, unverified. */
export function opsOfEnvironment(env: NodeJS.ProcessEnv = process.env): Ops {
  const client = {
    baseUrl: env.OPERATOR_URL ?? DEFAULT_OPERATOR_URL,
    token: env.OPERATOR_TOKEN ?? DEV_OPERATOR_TOKEN,
    operatorName: env.OPERATOR_NAME ?? userInfo().username,
  };
  return (endpoint, input = {}) => opsCall(client, endpoint, input);
}

/**
 * The parse errors answered by a command's own usage line, as they were before the commands had generated help:
 * an argument or a required option left out.
 */
const USAGE_ERRORS = new Set(['commander.missingArgument', 'commander.missingMandatoryOptionValue']);

/**
 * Adds `npm run operator -- <name>` to `program`. `usage` is the line a missing argument or required option
 * answers (exactly the message an operator's script may look for); the help shows `summary` and the options.
 * Arguments beyond the declared ones are ignored, as they always were.
 */
export function operatorCommand(
  program: Command,
  name: string,
  { summary, usage }: { summary: string; usage: string },
): Command {
  const command = program.command(name).description(summary).allowExcessArguments();
  return command.exitOverride((error) => {
    throw USAGE_ERRORS.has(error.code) ? new Error(usage) : error;
  });
}

/** The message of an operator command's failure, and its exit code (1; help and version end with 0). */
export function failureOf(error: unknown): { message: string | null; code: number } {
  if (error instanceof CommanderError) {
    const quiet = error.code === 'commander.helpDisplayed' || error.code === 'commander.version';
    return { message: quiet ? null : error.message, code: error.exitCode };
  }
  return { message: error instanceof Error ? error.message : String(error), code: 1 };
}

/** The program every group adds its commands to: errors reach the caller, which prints them once. */
export function operatorProgram(): Command {
  return new Command('npm run operator --')
    .usage('<command> [arguments] [options]')
    .description(
      "The operator's command: each speaks to a running server's operator API (OPERATOR_URL, default " +
        `${DEFAULT_OPERATOR_URL}; OPERATOR_TOKEN; OPERATOR_NAME, recorded in the audit). docs/operator-guide.md.`,
    )
    .configureOutput({ outputError: () => undefined })
    .exitOverride();
}
