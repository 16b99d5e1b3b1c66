import { useLoginDialog } from '../../lib/login-dialog.ts';
import { ChainPickerDialog } from './ChainPickerDialog.tsx';
import { EmailLoginDialog } from './EmailLoginDialog.tsx';
import { PasswordLoginDialog } from './PasswordLoginDialog.tsx';
import { ResetPasswordDialog } from './ResetPasswordDialog.tsx';

/** The open sign-in dialog, if any. */
export function AuthDialogs() {
  const dialog = useLoginDialog();
  if (dialog === 'chain') return <ChainPickerDialog />;
  if (dialog === 'email') return <EmailLoginDialog />;
  if (dialog === 'password') return <PasswordLoginDialog />;
  if (dialog === 'reset') return <ResetPasswordDialog />;
  return null;
}
