import { EmptyScreen } from '../../components/EmptyScreen.tsx';

export default function CurrencyStatementScreen() {
  return <EmptyScreen name="currencyStatement" />;
}
