import { EmptyScreen } from '../../components/EmptyScreen.tsx';

export default function IncomeDetailScreen() {
  return <EmptyScreen name="incomeDetail" />;
}
