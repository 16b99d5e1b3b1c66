import { PersonalAssetsScreen } from '../features/assets/PersonalAssetsScreen.tsx';
import { PledgeLauncher } from '../features/pledge/PledgeLauncher.tsx';
import { PledgeList } from '../features/pledge/PledgeList.tsx';
import { RechargeForm } from '../features/recharge/RechargeForm.tsx';
import { SolanaDeposit } from '../features/recharge/SolanaDeposit.tsx';
import { WithdrawForm } from '../features/withdraw/WithdrawForm.tsx';

/** The assets screen with the pledge, recharge and withdraw pieces it shows: features meet here, not in each other. */
export default function AssetsRoute() {
  return (
    <PersonalAssetsScreen
      parts={{
        pledgeLauncher: (submode) => <PledgeLauncher submode={submode} />,
        pledgeList: <PledgeList />,
        rechargeForm: <RechargeForm currency="cow" />,
        solanaDeposit: <SolanaDeposit currency="sol" />,
        withdrawForm: (onDone) => <WithdrawForm onDone={onDone} />,
      }}
    />
  );
}
