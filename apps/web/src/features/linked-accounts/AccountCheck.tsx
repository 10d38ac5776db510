import { useEffect, useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import Button from 'react-bootstrap/Button';
import { linkedAccounts, earn } from '@marquee/contract';
import { ApiError, call } from '../../app/api';
import { SUPPORT_EMAIL } from '../../app/site';
import { Avatar } from '../../ui/Avatar';
import { FacebookIcon, XIcon } from '../../ui/icons';
import { PageLoading } from '../../ui/Preloader';
import { Notice } from '../earn';
import {
  accountStatusQuery,
  missingActionsQuery,
  offlineMessageQuery,
  PLATFORM_NAMES,
  type LinkedPlatform,
} from './api';
import { MissingActionsList } from './MissingActionsList';

/** token_verified is followed by the missing-actions check 1 s later (spec 1 §4). */
const MISSING_CHECK_DELAY_MS = 1000;

interface AccountCheckProps {
  platform: LinkedPlatform;
  /** The account is linked and nothing is missing: show the listings again. */
  onReady: () => void;
}

/**
 * The check of the member's own X or Facebook account that follows and likes are verified
 * against: link it, clear the missing actions, then earn (spec 1 §4 "Account check per platform").
 */
export function AccountCheck({ platform, onReady }: AccountCheckProps) {
  const status = useQuery(accountStatusQuery(platform));
  const names = PLATFORM_NAMES[platform];

  if (status.isPending) return <PageLoading label={`Checking your ${names.name} account…`} />;
  if (status.isError) {
    const message = status.error instanceof ApiError ? status.error.message : '';
    return (
      <Notice
        tone="danger"
        title={`We could not check your ${names.name} account`}
        action={
          <Button variant="outline-primary" onClick={() => void status.refetch()}>
            Try again
          </Button>
        }
      >
        {message && <p>{message}</p>}
        <p className="mb-0">
          If this keeps happening, please contact support at{' '}
          <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
        </p>
      </Notice>
    );
  }

  const answer = status.data;
  switch (answer.status) {
    case 'token_missing':
    case 'token_error':
      return <AuthorisePrompt platform={platform} answer={answer} />;
    case 'platform_offline':
      return <PlatformOffline platform={platform} />;
    default:
      return (
        <MissingActions
          platform={platform}
          handle={answer.handle}
          loginUrl={answer.loginUrl}
          onReady={onReady}
        />
      );
  }
}

function PlatformIcon({ platform }: { platform: LinkedPlatform }) {
  return platform === 'twitter' ? <XIcon /> : <FacebookIcon />;
}

function AuthorisePrompt({
  platform,
  answer,
}: {
  platform: LinkedPlatform;
  answer: { status: linkedAccounts.AccountStatus; loginUrl: string; message: string };
}) {
  const names = PLATFORM_NAMES[platform];
  const failed = answer.status === 'token_error';
  return (
    <Notice
      title={failed ? `Please link your ${names.name} account again` : `Link your ${names.name} account`}
      action={
        <a className="btn btn-primary mq-btn-icon" href={answer.loginUrl}>
          <PlatformIcon platform={platform} />
          Authorize with {names.name}
        </a>
      }
    >
      {failed && (
        <div className="alert alert-danger py-2" role="alert">
          {platform === 'facebook' ? earn.MESSAGES.tokenError : answer.message || 'Your link has expired.'}
        </div>
      )}
      <p className="mb-0">
        Marquee checks each {names.action} against the {names.name} account you {names.action} from, so that
        members get the {names.actions} they pay for. Authorize once, and you&rsquo;ll come straight back here
        to start earning.
      </p>
    </Notice>
  );
}

function PlatformOffline({ platform }: { platform: LinkedPlatform }) {
  const names = PLATFORM_NAMES[platform];
  const offline = useQuery(offlineMessageQuery(platform));
  return (
    <Notice tone="warning" title={`${names.name} is not answering right now`}>
      {offline.isPending ? (
        <PageLoading label="Loading the message…" />
      ) : (
        <p className="mb-0">
          {offline.data?.messageContent ||
            `We can't check ${names.actions} while ${names.name} is offline. Please try again later.`}
        </p>
      )}
    </Notice>
  );
}

function MissingActions({
  platform,
  handle,
  loginUrl,
  onReady,
}: {
  platform: LinkedPlatform;
  handle: string | null;
  loginUrl: string;
  onReady: () => void;
}) {
  const names = PLATFORM_NAMES[platform];
  const [waited, setWaited] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setWaited(true), MISSING_CHECK_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);
  const missing = useQuery({ ...missingActionsQuery(platform), enabled: waited });
  const confirmProfile = useMutation({
    mutationFn: () => call(linkedAccounts.confirmProfile, { platform }),
    onSuccess: () => void missing.refetch(),
  });

  if (!waited || missing.isPending) return <PageLoading label={`Checking your ${names.actions}…`} />;
  if (missing.isError) {
    return (
      <Notice
        tone="danger"
        title={`We could not check your ${names.actions}`}
        action={
          <Button variant="outline-primary" onClick={() => void missing.refetch()}>
            Try again
          </Button>
        }
      >
        <p className="mb-0">
          {missing.error instanceof ApiError ? missing.error.message : 'Please try again.'}
        </p>
      </Notice>
    );
  }

  const { missingActions, platformDetails, profileConfirmed } = missing.data;
  const accountName = platformDetails.profileName || (handle ? `@${handle}` : `your ${names.name} account`);

  return (
    <>
      {!profileConfirmed && (
        <div className="mq-linked-account">
          <Avatar src={platformDetails.profileImage} size={48} alt="" />
          <div className="mq-linked-account__text">
            <strong>Is {accountName} your account?</strong>
            <span>We check your {names.actions} on this account.</span>
          </div>
          <div className="mq-linked-account__actions">
            <Button size="sm" onClick={() => confirmProfile.mutate()} disabled={confirmProfile.isPending}>
              Yes, it&rsquo;s me
            </Button>
            <a className="btn btn-sm btn-outline-secondary" href={loginUrl}>
              Not me
            </a>
          </div>
        </div>
      )}
      {missingActions.length === 0 ? (
        <Notice
          title="Good to go!"
          action={
            <Button variant="primary" onClick={onReady}>
              Show me listings
            </Button>
          }
        >
          <p className="mb-0">
            Your {names.name} account {accountName} is linked, and every {names.action} you confirmed shows on
            it.
          </p>
        </Notice>
      ) : (
        <MissingActionsList
          platform={platform}
          items={missingActions}
          accountName={accountName}
          onChanged={() => void missing.refetch()}
          onCleared={onReady}
        />
      )}
    </>
  );
}
