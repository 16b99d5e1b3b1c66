import { OPS } from '@aidf/contract';
import type { Command } from 'commander';
import { type Ops, operatorCommand } from './operator-program.ts';

/** The platform's settings: rates, limits, addresses (docs/operator-guide.md "Settings"). */
export function addSettingsCommands(program: Command, ops: Ops) {
  operatorCommand(program, 'config', {
    summary: 'every setting, its value and who set it',
    usage: 'usage: npm run operator -- config',
  }).action(async () => {
    for (const s of await ops(OPS.settings)) {
      console.log(`${s.key.padEnd(24)} ${(s.value ?? '(default)').padEnd(12)} (set by ${s.updatedBy ?? '-'})`);
    }
  });

  const setUsage = 'usage: npm run operator -- set-config <key> <value> --reason "..."';
  operatorCommand(program, 'set-config', {
    summary: "change a setting (audited); a money setting's change is a proposal for a second admin",
    usage: setUsage,
  })
    .argument('<key>', 'e.g. pledge.rate.90')
    .argument('<value>')
    .requiredOption('--reason <text>', 'why, recorded in the audit')
    .action(async (key: string, value: string, options: { reason?: string }) => {
      if (!key || !value || !options.reason) throw new Error(setUsage);
      const change = await ops(OPS.setSetting, { body: { key, value, reason: options.reason } });
      const pending =
        change.status === 'proposed' ? ` (proposed: another admin approves proposal ${change.proposalId})` : '';
      console.log(`${key}: ${change.before ?? '(unset)'} -> ${value}${pending}`);
    });
}
