import { useSearchParams } from 'react-router';

/** The invite code of the invitation link (`?invite=`), or null. */
export function useInviteCode(): string | null {
  const code = useSearchParams()[0].get('invite')?.trim();
  return code ? code : null;
}
