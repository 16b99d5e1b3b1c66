import { EmptyScreen } from '../../components/EmptyScreen.tsx';

export default function RechargeScreen() {
  return <EmptyScreen name="recharge" />;
}
