import { WithdrawalList } from './WithdrawalList.tsx';
import { WithdrawForm } from './WithdrawForm.tsx';

/** /withdraw: the COW withdrawal form and the user's withdrawals with each payout's state. */
export default function WithdrawScreen() {
  return (
    <div className="stack">
      <section className="card form-card">
        <WithdrawForm />
      </section>
      <WithdrawalList />
    </div>
  );
}
