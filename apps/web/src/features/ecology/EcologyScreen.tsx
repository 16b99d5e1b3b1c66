import { EmptyScreen } from '../../components/EmptyScreen.tsx';

export default function EcologyScreen() {
  return <EmptyScreen name="ecology" />;
}
