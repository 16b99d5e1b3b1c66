import { EmptyScreen } from '../../components/EmptyScreen.tsx';

export default function ProblemFeedbackScreen() {
  return <EmptyScreen name="problemfeedback" />;
}
