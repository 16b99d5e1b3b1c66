import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MINER_CURRENCY_CODES } from '@aidf/contract';
import type { Command } from 'commander';
import { describe, expect, it, vi } from 'vitest';
import { operatorCommands } from './operator-commands.ts';
import { failureOf, type Ops } from './operator-program.ts';

/** No test here reaches a server: a command that would call the operator API fails the test. */
const noServer: Ops = () => {
  throw new Error('the operator API was called');
};
const program = () => operatorCommands(noServer);
const commandsOf = (p: Command) => new Map(p.commands.map((c) => [c.name(), c]));
const optionsOf = (c: Command) => c.options.map((o) => o.long).sort();

/**
 * The command line as scripts and docs/operator-guide.md use it: every command and the options it takes. Renaming
 * one breaks whoever runs it, so this list changes only with a new command or option, never a new name for one.
 */
const INTERFACE: Record<string, string[]> = {
  credit: ['--reason', '--request-id', '--submode'],
  'withdraw-limit': ['--currency', '--day', '--days30', '--reason'],
  'ledger-check': [],
  'payout-retry': ['--reason'],
  'payout-refund': ['--reason'],
  'add-operator': ['--reason', '--role'],
  'set-role': ['--reason'],
  'disable-operator': ['--reason'],
  proposals: ['--status'],
  approve: [],
  withdraw: ['--reason'],
  'chain-status': ['--exact'],
  'run-job': ['--date', '--through'],
  'run-tick': [],
  'machine-items': [],
  'machine-item': ['--off', '--on', '--reason', '--worth', ...MINER_CURRENCY_CODES.map((c) => `--${c}`)],
  'third-party-payments': [],
  tickets: [],
  reply: [],
  config: [],
  'set-config': ['--reason'],
  'reserves-verify': ['--rpc'],
  'reserves-report': ['--exact', '--reason'],
  'treasury-status': ['--exact'],
  'sweep-now': ['--reason'],
  'sweep-retry': ['--reason'],
  'sweep-skip': ['--reason'],
  'treasury-fund': ['--exact', '--reason'],
};

/** The parse of `args` as `npm run operator -- <args>` ends: its message and exit code. */
async function run(...args: string[]) {
  try {
    await program().parseAsync(args, { from: 'user' });
    return { message: null, code: 0 };
  } catch (error) {
    return failureOf(error);
  }
}

describe('npm run operator', () => {
  it('has exactly the commands and options scripts use', () => {
    const commands = commandsOf(program());
    expect([...commands.keys()].sort()).toEqual(Object.keys(INTERFACE).sort());
    for (const [name, options] of Object.entries(INTERFACE)) {
      expect(optionsOf(commands.get(name) as Command), name).toEqual([...options].sort());
    }
  });

  it('takes every command and option docs/operator-guide.md shows', () => {
    const here = path.dirname(fileURLToPath(import.meta.url));
    const guide = fs.readFileSync(path.join(here, '../../../../docs/operator-guide.md'), 'utf8');
    const commands = commandsOf(program());
    // Each command line of its examples, and each row of its table of commands.
    const lines = [
      ...guide.matchAll(/npm run operator -- ([a-z][a-z-]*)([^`\n#]*)/g),
      ...(guide.split('| Command ')[1]?.split('\n\n')[0] ?? '').matchAll(/^\| `([a-z][a-z-]*)([^`]*)`/gm),
    ];
    expect(lines.length).toBeGreaterThan(40);
    for (const [, name, rest] of lines) {
      const command = commands.get(name as string);
      expect(command, `npm run operator -- ${name}`).toBeDefined();
      for (const [option] of (rest ?? '').matchAll(/--[a-z][a-z0-9-]*/g)) {
        expect(optionsOf(command as Command), `${name} ${option}`).toContain(option);
      }
    }
  });

  it('answers a missing argument or required option with the usage line it always had, calling nothing', async () => {
    expect(await run('credit', 'alice', 'usdt', '5')).toEqual({
      message: 'usage: npm run operator -- credit <username> <currency> <amount> --reason "..."',
      code: 1,
    });
    expect(await run('reply', '12')).toEqual({
      message: 'usage: npm run operator -- reply <ticketId> "text"',
      code: 1,
    });
    expect(await run('set-config', 'a', 'b', '--reason', '')).toEqual({
      message: 'usage: npm run operator -- set-config <key> <value> --reason "..."',
      code: 1,
    });
    expect(await run('sweep-skip', '7')).toEqual({
      message: 'usage: npm run operator -- sweep-skip <sweep id> --reason "..."',
      code: 1,
    });
    expect(await run('withdraw-limit', '7', '--currency', 'cow', '--reason', 'holder')).toEqual({
      message:
        'usage: npm run operator -- withdraw-limit <mid> --currency cow [--day <amount>] [--days30 <amount>] --reason "..."',
      code: 1,
    });
    expect((await run('add-operator', 'ada')).message).toBe(
      'usage: npm run operator -- add-operator <name> --role support|finance|admin',
    );
  });

  it('proposes one withdraw-limit per period given, each to the user it names', async () => {
    const calls: unknown[] = [];
    const recording = ((endpoint: { path: string }, input: unknown) => {
      calls.push({ path: endpoint.path, input });
      return Promise.resolve({ status: 'proposed', proposalId: String(calls.length) });
    }) as unknown as Ops;
    const printed = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    try {
      const args = ['withdraw-limit', '42', '--currency', 'cow', '--day', '500', '--days30', '5000', '--reason', 'r'];
      await operatorCommands(recording).parseAsync(args, { from: 'user' });
    } finally {
      printed.mockRestore();
    }
    const path = '/ops/v1/users/{mid}/withdraw-limit';
    expect(calls).toEqual([
      { path, input: { params: { mid: '42' }, body: { currency: 'cow', period: 'day', amount: '500', reason: 'r' } } },
      {
        path,
        input: { params: { mid: '42' }, body: { currency: 'cow', period: 'days30', amount: '5000', reason: 'r' } },
      },
    ]);
  });

  it('answers no command, or an unknown one, with the list of commands', async () => {
    for (const args of [[], ['nope', 'x']]) {
      const { message, code } = await run(...args);
      expect(code).toBe(1);
      expect(message).toMatch(/^commands: credit, proposals, /);
    }
  });

  it('prints its help, and a command its own, with exit code 0', async () => {
    const printed = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    try {
      expect(await run('--help')).toEqual({ message: null, code: 0 });
      expect(await run('credit', '--help')).toEqual({ message: null, code: 0 });
      expect(printed.mock.calls.join('')).toContain('Usage: npm run operator -- credit [options] <username>');
    } finally {
      printed.mockRestore();
    }
  });

  it('generates its help: every command with its summary, each command its arguments and options', () => {
    const p = program();
    const help = p.helpInformation();
    for (const command of p.commands) {
      expect(help).toContain(command.name());
      expect(command.description().length).toBeGreaterThan(10);
      const own = command.helpInformation();
      expect(own).toContain(`Usage: npm run operator -- ${command.name()}`);
      for (const option of optionsOf(command)) expect(own).toContain(option as string);
    }
  });
});
