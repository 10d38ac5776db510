import ComingSoonPage from '../../app/pages/ComingSoonPage';

export default function HomePage() {
  return <ComingSoonPage feature="HomePage" />;
}
