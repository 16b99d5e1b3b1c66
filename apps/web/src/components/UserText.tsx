import type { HTMLAttributes } from 'react';

/**
 * Text a person typed (a ticket, a reply, a username): its direction comes from its own first strong letter
 * (`dir="auto"`), isolated from the page's, so Arabic in the English app and English in the Arabic app read as
 * written and do not reorder what stands beside them. `block` for a paragraph, inline otherwise.
 */
export function UserText({ block, ...props }: { block?: boolean } & HTMLAttributes<HTMLElement>) {
  return block ? <p {...props} dir="auto" /> : <bdi {...props} dir="auto" />;
}
