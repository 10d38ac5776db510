import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import Container from 'react-bootstrap/Container';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { proExtension, type OutputOf } from '@marquee/contract';
import { useCurrentUser } from '../../app/session';
import { ConfirmModal } from '../../ui/ConfirmModal';
import { showError, showSuccess } from '../../ui/toast';
import { LoadFailed, Loading } from '../../ui/LoadState';
import { SideCard } from '../../ui/SideCard';
import { usePageTitle } from '../../ui/usePageTitle';
import { pairThisBrowser, pairingsKey, pairingsQuery, unpairBrowser } from './api';
import { useExtensionBridge, type BridgeState } from './useExtensionBridge';

const { EXTENSION_MESSAGES, PRO_EXTENSION } = proExtension;
const count = new Intl.NumberFormat('en-US');

type PairingsAnswer = OutputOf<typeof proExtension.fetchPairings>;

/**
 * /v5/pro (spec 1 §2; docs/domain.md PX2, PX10): the page the Pro extension opens once installed
 * (`?welcome=yes`). It says what the extension does, gets it installed, pairs it with the member's
 * session in one click (the extension's own session goes to it through the page, never through the
 * member's hands), and lists the browsers paired, each of which can be unpaired.
 */
export default function ProExtensionPage() {
  usePageTitle('Pro Extension');
  const [params] = useSearchParams();
  const welcome = params.get('welcome') === 'yes';
  const pairings = useQuery(pairingsQuery);
  const bridge = useExtensionBridge();

  return (
    <Container fluid="xl" className="mq-pro-ext">
      <header className="mq-page-head">
        <h1>The Marquee Pro extension</h1>
        <p className="text-body-secondary mb-0">
          Let your browser do your IMDb views: the extension opens each page, reads the number the card asks
          for and answers, while you get on with your day.
        </p>
      </header>
      {welcome && (
        <div className="alert mq-pro-ext__welcome" role="status">
          <strong>Thanks for installing Marquee Pro!</strong> Pair it with your account below and it starts on
          your IMDb views.
        </div>
      )}
      <div className="row g-4">
        <div className="col-lg-7">
          <SideCard className="mq-pro-ext__card" title="This browser">
            {pairings.isPending ? (
              <Loading what="your extension" />
            ) : pairings.isError ? (
              <LoadFailed
                what="your extension’s details"
                error={pairings.error}
                className="mb-0"
                onRetry={() => void pairings.refetch()}
              />
            ) : (
              <ThisBrowser answer={pairings.data} bridge={bridge.state} pair={bridge.pair} />
            )}
          </SideCard>
          <HowItWorks />
        </div>
        <div className="col-lg-5">
          {pairings.isSuccess && (
            <>
              <Today today={pairings.data.today} />
              <PairedBrowsers pairings={pairings.data.pairings} />
              <GetIt answer={pairings.data} />
            </>
          )}
        </div>
      </div>
    </Container>
  );
}

/** The extension in this browser: missing, to be paired, or paired (PX2). */
function ThisBrowser({
  answer,
  bridge,
  pair,
}: {
  answer: PairingsAnswer;
  bridge: BridgeState;
  pair: ReturnType<typeof useExtensionBridge>['pair'];
}) {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const [pairedNow, setPairedNow] = useState(false);
  const pairing = useMutation({
    mutationFn: async () => {
      if (bridge.kind !== 'present') throw new Error('The extension is not installed in this browser.');
      const paired = await pairThisBrowser(bridge.installId, bridge.version);
      const handed = await pair(paired.token, paired.member);
      if (!handed.ok) throw new Error(handed.message);
      return paired;
    },
    onSuccess: () => {
      setPairedNow(true);
      void queryClient.invalidateQueries({ queryKey: pairingsKey });
    },
  });

  if (!answer.pro) {
    return (
      <div className="mq-pro-ext__not-pro">
        <p>{answer.message}</p>
        <Link className="btn btn-primary" to="/membership">
          See Pro membership
        </Link>
      </div>
    );
  }
  if (bridge.kind === 'looking') return <Loading what="the extension in this browser" />;
  if (bridge.kind === 'absent') return <Install answer={answer} />;

  const mine = bridge.member?.id === user.id;
  const error = pairing.error;
  const pairButton = (label: string, look: string) => (
    <button
      type="button"
      className={`btn ${look}`}
      disabled={pairing.isPending}
      onClick={() => pairing.mutate()}
    >
      {pairing.isPending ? 'Pairing…' : label}
    </button>
  );
  return (
    <div className="mq-pro-ext__browser">
      {mine ? (
        <p className="mq-pro-ext__paired" role="status">
          <span className="mq-pro-ext__dot" aria-hidden="true" />
          {pairedNow ? EXTENSION_MESSAGES.paired : 'Paired: the extension in this browser works for you.'}
        </p>
      ) : bridge.member ? (
        <p>
          The extension in this browser (version {bridge.version}) works for another account,{' '}
          {bridge.member.first}’s. Pair it with yours to have it do your IMDb views instead.
        </p>
      ) : (
        <p>
          Marquee Pro {bridge.version} is installed in this browser. Pair it with your account, and it starts
          on your IMDb views.
        </p>
      )}
      {error && (
        <div className="alert alert-danger" role="alert">
          {error instanceof Error ? error.message : 'The extension could not be paired.'}
        </div>
      )}
      <div className="mq-pro-ext__actions">
        {mine ? (
          <>
            <Link className="btn btn-primary" to="/dashboard/imdb">
              See your IMDb tab
            </Link>
            {pairButton('Pair again', 'btn-outline-primary')}
          </>
        ) : (
          pairButton('Pair this browser', 'btn-primary')
        )}
      </div>
      {mine && (
        <p className="small text-body-secondary mt-3 mb-0">
          Pause, resume or sign out from the Marquee Pro button in your browser’s toolbar (under the puzzle
          piece until you pin it).
        </p>
      )}
    </div>
  );
}

/** Not installed here: the download and how to add it to Chrome, Edge, Brave or another Chromium browser. */
function Install({ answer }: { answer: PairingsAnswer }) {
  if (!answer.download_url) {
    return <p className="mb-0">{EXTENSION_MESSAGES.notBuilt}</p>;
  }
  return (
    <div className="mq-pro-ext__install">
      <p>The extension is not installed in this browser yet. It takes a minute:</p>
      <ol className="mq-pro-ext__steps">
        <li>
          <a className="btn btn-primary btn-sm" href={answer.download_url} download>
            Download Marquee Pro {answer.current_version}
          </a>{' '}
          and unzip it into a folder of its own.
        </li>
        <li>
          Open <code>chrome://extensions</code> (in Edge, <code>edge://extensions</code>) and switch on{' '}
          <strong>Developer mode</strong>.
        </li>
        <li>
          Choose <strong>Load unpacked</strong> and pick the folder. The extension opens this page to pair.
        </li>
      </ol>
      <p className="small text-body-secondary mb-0">
        It works in desktop Chrome, Edge, Brave, Opera and other Chromium browsers, version 120 or newer.
      </p>
    </div>
  );
}

function HowItWorks() {
  return (
    <SideCard className="mq-pro-ext__card" title="How it works">
      <ul className="mq-pro-ext__how">
        <li>
          It asks Marquee for IMDb listings, opens each member’s page in a background tab, reads the number
          the card asks for, answers and closes the tab.
        </li>
        <li>
          It keeps Marquee’s rules as you do: the same Daily Actions, and no more than six views a minute,
          each after the page had time to be read.
        </li>
        <li>
          It stops by itself when there are no more listings for you, when you reach the IMDb points maximum
          or when today’s Daily Actions are used up.
        </li>
        <li>It never sees the answers: it reads the page like you would, and skips a page it cannot read.</li>
        <li>Your History marks every view it did “by the Pro extension”.</li>
      </ul>
    </SideCard>
  );
}

function Today({ today }: { today: proExtension.ExtensionToday }) {
  return (
    <SideCard className="mq-pro-ext__card" title="Today">
      <dl className="mq-pro-ext__figures">
        <div>
          <dt>IMDb views by the extension</dt>
          <dd>{count.format(today.views)}</dd>
        </div>
        <div>
          <dt>Points they earned</dt>
          <dd>{count.format(today.points)}</dd>
        </div>
      </dl>
    </SideCard>
  );
}

/** The member's paired browsers (PX2), each of which can be unpaired. */
function PairedBrowsers({ pairings }: { pairings: proExtension.Pairing[] }) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState<proExtension.Pairing | null>(null);
  const unpair = useMutation({
    mutationFn: (id: number) => unpairBrowser(id),
    onSuccess: (answer) => {
      showSuccess(answer.message);
      setConfirming(null);
      void queryClient.invalidateQueries({ queryKey: pairingsKey });
    },
    onError: (error) => showError(error),
  });
  return (
    <SideCard className="mq-pro-ext__card" title="Your paired browsers">
      {pairings.length === 0 ? (
        <p className="mq-pro-ext__empty mb-0">No browser is paired yet.</p>
      ) : (
        <ul className="list-unstyled mq-pro-ext__pairings mb-0">
          {pairings.map((p) => (
            <li key={p.id} className="mq-pro-ext__pairing">
              <div>
                <strong>{p.browser}</strong>{' '}
                <span className="text-body-secondary">
                  version {p.version}
                  {p.outdated && <span className="badge mq-pro-ext__outdated ms-1">Update available</span>}
                </span>
                <div className={p.running ? 'mq-pro-ext__running' : 'text-body-secondary'}>
                  {p.state_words}
                </div>
                <div className="small text-body-secondary">Last seen {p.last_seen_ago}</div>
              </div>
              <button
                type="button"
                className="btn btn-sm btn-outline-danger"
                onClick={() => setConfirming(p)}
                aria-label={`Unpair ${p.browser}`}
              >
                Unpair
              </button>
            </li>
          ))}
        </ul>
      )}
      <p className="small text-body-secondary mt-3 mb-0">
        You can pair up to {PRO_EXTENSION.maxPairings} browsers.
      </p>
      <ConfirmModal
        show={confirming !== null}
        title="Unpair this browser?"
        confirmLabel="Unpair"
        busyLabel="Unpairing…"
        busy={unpair.isPending}
        onConfirm={() => confirming && unpair.mutate(confirming.id)}
        onClose={() => setConfirming(null)}
      >
        <p className="mb-0">
          The extension in {confirming?.browser} stops and signs out. You can pair it again from this page.
        </p>
      </ConfirmModal>
    </SideCard>
  );
}

function GetIt({ answer }: { answer: PairingsAnswer }) {
  return (
    <SideCard className="mq-pro-ext__card" title="Get the extension">
      {answer.download_url ? (
        <>
          <p>The current version is {answer.current_version}.</p>
          <a className="btn btn-outline-primary" href={answer.download_url} download>
            Download Marquee Pro {answer.current_version}
          </a>
        </>
      ) : (
        <p className="mb-0">{EXTENSION_MESSAGES.notBuilt}</p>
      )}
    </SideCard>
  );
}
