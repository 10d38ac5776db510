import ComingSoonPage from '../../app/pages/ComingSoonPage';

export default function ProfilePage() {
  return <ComingSoonPage feature="ProfilePage" />;
}
