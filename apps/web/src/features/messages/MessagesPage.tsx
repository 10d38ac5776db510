import ComingSoonPage from '../../app/pages/ComingSoonPage';

export default function MessagesPage() {
  return <ComingSoonPage feature="MessagesPage" />;
}
