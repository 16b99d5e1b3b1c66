import { EmptyScreen } from '../../components/EmptyScreen.tsx';

export default function InviteFriendsScreen() {
  return <EmptyScreen name="invitefriends" />;
}
