import { EmptyScreen } from '../../components/EmptyScreen.tsx';

export default function WithdrawScreen() {
  return <EmptyScreen name="withdraw" />;
}
