import { EmptyScreen } from '../../components/EmptyScreen.tsx';

export default function BillScreen() {
  return <EmptyScreen name="bill" />;
}
