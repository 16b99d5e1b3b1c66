/**
 * One line saying what went wrong, for the operator's chain-status. RPC libraries append pages of request
 * detail to their messages; viem's errors carry the node's own words in `details`, after a generic
 * `shortMessage` ("Missing or invalid parameters.").
 */
export function errorSummary(error: unknown): string {
  if (!(error instanceof Error)) return firstLine(String(error));
  const { shortMessage, details } = error as { shortMessage?: unknown; details?: unknown };
  if (typeof shortMessage === 'string' && typeof details === 'string' && details !== '') {
    return `${firstLine(shortMessage)} ${firstLine(details)}`;
  }
  return firstLine(error.message) || error.name;
}

const firstLine = (text: string) => text.split('\n')[0] ?? '';
