import { useLocation } from 'react-router';

/** The `?invite=` of the current page, to carry across tabs (SPEC.md point 2); '' when there is none. */
export function useInviteSearch(): string {
  const invite = new URLSearchParams(useLocation().search).get('invite');
  return invite ? `?${new URLSearchParams({ invite })}` : '';
}
