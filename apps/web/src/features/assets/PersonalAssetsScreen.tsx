import { EmptyScreen } from '../../components/EmptyScreen.tsx';

export default function PersonalAssetsScreen() {
  return <EmptyScreen name="personalAssets" />;
}
