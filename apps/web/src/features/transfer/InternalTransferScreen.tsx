import { EmptyScreen } from '../../components/EmptyScreen.tsx';

export default function InternalTransferScreen() {
  return <EmptyScreen name="internalTransfer" />;
}
