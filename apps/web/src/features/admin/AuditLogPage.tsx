import { useSearchParams } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { admin } from '@marquee/contract';
import { Pager } from '../../ui/Pager';
import { AdminLayout } from './AdminLayout';
import { AuditList } from './AuditList';
import { auditLogQuery } from './api';

/** /admin/audit: every admin action, newest first, a page at a time (D13.1, AD7). */
export default function AuditLogPage() {
  const [search] = useSearchParams();
  const page = Math.max(0, Math.floor(Number(search.get('page')) || 0));
  const log = useQuery({ ...auditLogQuery(page), placeholderData: keepPreviousData });
  return (
    <AdminLayout title="Audit Log">
      <section className="card mq-admin-card" aria-label="Admin actions">
        <div className="card-body">
          {log.isPending ? (
            <p role="status" className="text-body-secondary mb-0">
              <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
              Loading the audit log…
            </p>
          ) : log.isError ? (
            <div role="alert">
              <p>We had an issue loading the audit log...</p>
              <button type="button" className="btn btn-primary btn-sm" onClick={() => void log.refetch()}>
                Try again
              </button>
            </div>
          ) : (
            <>
              <AuditList entries={log.data.entries} empty={admin.EMPTY_AUDIT} />
              {log.data.pageCount > 1 && (
                <Pager
                  className="mt-3"
                  current={page}
                  pageCount={log.data.pageCount}
                  hrefOf={(p) => (p === 0 ? '/admin/audit' : `/admin/audit?page=${p}`)}
                  label="Audit log pages"
                />
              )}
            </>
          )}
        </div>
      </section>
    </AdminLayout>
  );
}
