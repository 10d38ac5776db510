import { useParams } from 'react-router';
import Container from 'react-bootstrap/Container';
import { help } from '@marquee/contract';
import { usePageTitle } from '../../ui/usePageTitle';
import { ChatPanel } from './ChatPanel';
import { HelpCenter } from './HelpCenter';
import { RequestThread } from './RequestThread';

/** The request shown, when the address names one. */
export function requestIdOf(tid: string | undefined): number | null {
  if (!tid || !/^\d{1,10}$/.test(tid)) return null;
  const id = Number(tid);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}

/**
 * /help and /help/{id} (spec 3 §2): the help center, or one request; the live chat panel (spec 3 §1)
 * lives on these pages only and leaves with them.
 */
export default function HelpPage() {
  const { tid } = useParams();
  const id = requestIdOf(tid);
  usePageTitle('Help Center');
  return (
    <Container fluid="xl" className="mq-help">
      <header className="mq-page-head">
        <h1>Help Center</h1>
        <p className="text-body-secondary mb-0">
          Ask the support team anything about Marquee, or chat with us live from these pages.
        </p>
      </header>
      {id ? (
        <RequestThread key={id} id={id} backTo="/help" />
      ) : tid ? (
        <div className="card mq-help-state" role="alert">
          <p className="mb-0">{help.NO_SUCH_REQUEST}</p>
        </div>
      ) : (
        <HelpCenter />
      )}
      <ChatPanel />
    </Container>
  );
}
