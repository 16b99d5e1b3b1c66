import { EmptyScreen } from '../../components/EmptyScreen.tsx';

export default function MachineScreen() {
  return <EmptyScreen name="machine" />;
}
