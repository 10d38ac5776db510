import { type ReactNode } from 'react';
import { Navigate, useLocation, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useCurrentUser } from '../../app/session';
import { PageLoading } from '../../ui/Preloader';
import { markStartChecked, progressQuery, startChecked } from './api';

/**
 * The start route (/, /home): once per visit, a new member whose wizard is neither finished nor
 * skipped is sent to Getting Started first (docs/domain.md G5). /home/{id} is a link to one post: never.
 */
export function StartGate({ children }: { children: ReactNode }) {
  const user = useCurrentUser();
  const { id } = useParams();
  const { pathname } = useLocation();
  const skip = id !== undefined || startChecked(user.id);
  const progress = useQuery({ ...progressQuery, enabled: !skip });
  if (skip) return children;
  if (progress.isPending) return <PageLoading label="Loading…" />;
  markStartChecked(user.id);
  if (progress.data?.send_here) {
    const to = pathname.startsWith('/v4') ? '/v4/getting-started' : '/getting-started';
    return <Navigate to={to} replace />;
  }
  return children;
}
