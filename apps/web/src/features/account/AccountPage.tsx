import { useReducer } from 'react';
import { useQuery } from '@tanstack/react-query';
import Container from 'react-bootstrap/Container';
import { account } from '@marquee/contract';
import { PageLoading } from '../../ui/Preloader';
import { usePageTitle } from '../../ui/usePageTitle';
import { accountDetailsQuery } from './api';
import { CloseAccountCard } from './CloseAccountCard';
import { EmailSettingsCard } from './EmailSettingsCard';
import { BasicSettingsCard, FeatureSettingsCard, UsernamePasswordCard } from './SettingsCards';
import { UpdateModal } from './UpdateModal';
import { MembershipSummaryCard } from '../membership';
import { PointTradeCard } from '../referrals';
import { INITIAL_UPDATE, updateReducer } from './updating';

/**
 * /account and /v4/account (spec 3 §2): the member's settings in the main column; the side column
 * holds Feature Settings, the membership and points cards of other features, and closing the account.
 */
export default function AccountPage() {
  usePageTitle('Account');
  const details = useQuery(accountDetailsQuery);
  const [state, dispatch] = useReducer(updateReducer, INITIAL_UPDATE);
  const user = details.data?.user;

  return (
    <Container fluid="xl">
      <div className="mq-page-head">
        <h1>Account</h1>
        <p className="text-body-secondary mb-0">
          Your details, how you sign in, the emails you get, and what happens to your account.
        </p>
      </div>
      <div className="row g-4">
        <div className="col-lg-8">
          <div className="mq-account-column">
            {details.isPending ? (
              <section className="card mq-side-card" aria-label="Account details">
                <PageLoading label="Loading your account…" />
              </section>
            ) : details.isError || !user ? (
              <div className="card mq-history-empty" role="alert">
                <p className="mb-3">{account.ACCOUNT_LOAD_FAILED}</p>
                <div>
                  <button type="button" className="btn btn-primary" onClick={() => void details.refetch()}>
                    Try again
                  </button>
                </div>
              </div>
            ) : (
              <>
                <BasicSettingsCard
                  user={user}
                  onUpdate={(updating) => dispatch({ type: 'open', updating, user })}
                />
                <UsernamePasswordCard
                  user={user}
                  onUpdate={(updating) => dispatch({ type: 'open', updating, user })}
                />
              </>
            )}
            <EmailSettingsCard />
          </div>
        </div>
        <aside className="col-lg-4" aria-label="More settings">
          <div className="mq-account-column">
            {user && <FeatureSettingsCard user={user} updating={state.updating} dispatch={dispatch} />}
            <MembershipSummaryCard />
            <PointTradeCard />
            {user && <CloseAccountCard />}
          </div>
        </aside>
      </div>
      {user && <UpdateModal state={state} dispatch={dispatch} user={user} />}
    </Container>
  );
}
