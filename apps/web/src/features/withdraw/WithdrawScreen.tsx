import { AddressBook } from './AddressBook.tsx';
import { Authenticator } from './Authenticator.tsx';
import { WithdrawalList } from './WithdrawalList.tsx';
import { WithdrawForm } from './WithdrawForm.tsx';

/** /withdraw: the COW withdrawal form, the address book, the authenticator, and the user's withdrawals with each payout's state. */
export default function WithdrawScreen() {
  return (
    <div className="stack">
      <section className="card form-card">
        <WithdrawForm />
      </section>
      <AddressBook />
      <Authenticator />
      <WithdrawalList />
    </div>
  );
}
