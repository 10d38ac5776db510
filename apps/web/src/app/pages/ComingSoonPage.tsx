import Container from 'react-bootstrap/Container';
import { MarqueeMark } from '../../ui/Wordmark';
import { usePageTitle } from '../../ui/usePageTitle';

/** The one stand-in for a part of Marquee that is not built yet: its name, and no made-up data. */
export default function ComingSoonPage({ feature }: { feature: string }) {
  usePageTitle(feature);
  return (
    <Container fluid="xl">
      <div className="card mq-soon mx-auto">
        <div>
          <MarqueeMark size={48} />
        </div>
        <h1 className="mb-3">{feature}</h1>
        <p className="lead mb-2">This part of Marquee is coming soon.</p>
        <p className="text-body-secondary mb-0">
          In the meantime, the menu above takes you to the rest of Marquee.
        </p>
      </div>
    </Container>
  );
}
