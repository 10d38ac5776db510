import { useQuery } from '@tanstack/react-query';
import Container from 'react-bootstrap/Container';
import { devmail } from '@marquee/contract';
import { call } from '../../app/api';
import { PageLoading } from '../../ui/Preloader';
import { usePageTitle } from '../../ui/usePageTitle';
import { withLinks } from './withLinks';

/** /dev/mail: the mail Marquee would have sent, kept here when no SMTP server is configured. */
export default function OutboxPage() {
  usePageTitle('Outbox');
  const outbox = useQuery({
    queryKey: ['devmail', 'outbox'],
    queryFn: ({ signal }) => call(devmail.fetchOutbox, {}, { signal }),
    staleTime: 0,
    meta: { quiet: true },
  });

  return (
    <Container fluid="xl">
      <div className="mq-page-head d-flex flex-wrap align-items-center justify-content-between gap-3">
        <div>
          <h1>Outbox</h1>
          <p className="text-body-secondary mb-0">
            Mail Marquee has sent while no mail server is set up, newest first.
          </p>
        </div>
        <button
          type="button"
          className="btn btn-outline-primary"
          onClick={() => void outbox.refetch()}
          disabled={outbox.isFetching}
        >
          Refresh
        </button>
      </div>
      {outbox.isPending && <PageLoading label="Loading the outbox…" />}
      {outbox.isError && (
        <div className="alert alert-danger" role="alert">
          {outbox.error.message}
        </div>
      )}
      {outbox.data?.mails.length === 0 && <p className="text-body-secondary">The outbox is empty.</p>}
      <div className="d-grid gap-3">
        {outbox.data?.mails.map((mail) => (
          <article key={mail.id} className="card" aria-labelledby={`mail-${mail.id}`}>
            <div className="card-header d-flex flex-wrap justify-content-between gap-2">
              <h2 id={`mail-${mail.id}`} className="h5 mb-0">
                {mail.subject}
              </h2>
              <small className="text-body-secondary">{mail.ago}</small>
            </div>
            <div className="card-body">
              <p className="small text-body-secondary">
                To: <span className="text-body">{mail.to}</span>
              </p>
              <p className="mq-mail">{withLinks(mail.text)}</p>
            </div>
          </article>
        ))}
      </div>
    </Container>
  );
}
