import { buildPath, OPS } from '@aidf/contract';
import type { Command } from 'commander';
import { type Ops, operatorCommand } from './operator-program.ts';

/** The users' feedback tickets: the open ones with their threads, and the support's reply. */
export function addTicketCommands(program: Command, ops: Ops) {
  operatorCommand(program, 'tickets', {
    summary: 'the open tickets, the longest waiting first, each with its thread and the record it names',
    usage: 'usage: npm run operator -- tickets',
  }).action(async () => {
    const open = await ops(OPS.tickets);
    for (const t of open) {
      const record = t.record ? ` about ${t.record.kind} ${t.record.id} (${t.record.amount} ${t.record.currency})` : '';
      console.log(`#${t.ticketId} from ${t.username}, waiting since ${t.waitingSince}${record}`);
      for (const m of t.messages) {
        const who = m.from === 'operator' ? `  support (${m.operator})` : '  user';
        const images = m.attach.length
          ? ` [images: ${m.attach.map((id) => buildPath(OPS.attachment.path, { id })).join(' ')}]`
          : '';
        console.log(`${who} ${new Date(m.createTime * 1000).toISOString()}: ${m.content}${images}`);
      }
    }
    if (open.length === 0) console.log('no open ticket');
  });

  const replyUsage = 'usage: npm run operator -- reply <ticketId> "text"';
  operatorCommand(program, 'reply', { summary: "answer a ticket in the support's name", usage: replyUsage })
    .argument('<ticketId>', "the ticket's number")
    .argument('<text>')
    .action(async (ticketId: string, text: string) => {
      if (!ticketId || !text) throw new Error(replyUsage);
      const data = await ops(OPS.replyTicket, { params: { ticketId }, body: { content: text } });
      console.log(`ticket ${ticketId}: ${data.status}`);
    });
}
