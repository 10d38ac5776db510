import { useCallback, useEffect, useId, useRef, useState, type ComponentType } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import { onboarding } from '@marquee/contract';
import { ApiError } from '../../app/api';
import { useCurrentUser } from '../../app/session';
import { PageLoading } from '../../ui/Preloader';
import { showSuccess } from '../../ui/toast';
import { usePageTitle } from '../../ui/usePageTitle';
import { markStartChecked, progressQuery, useCompleteStep, useDismiss, useGoToStep } from './api';
import { DetailsStep } from './DetailsStep';
import { EarnStep } from './EarnStep';
import { HeadshotStep } from './HeadshotStep';
import { PublicityStep } from './PublicityStep';
import type { StepProps } from './steps';

type Step = onboarding.Step;

const STEP_VIEWS: Record<Step, { intro: string; View: ComponentType<StepProps> }> = {
  1: {
    intro: 'A clear, recent headshot gets more views and follows than an empty circle.',
    View: HeadshotStep,
  },
  2: {
    intro: 'Where you work, what you do and a few words about you, so members know who they are helping.',
    View: DetailsStep,
  },
  3: {
    intro: 'View one member’s IMDb page and answer a question about it. Your first points arrive at once.',
    View: EarnStep,
  },
  4: {
    intro: 'Put your points to work: add your own listing, then buy sponsored views if you want more.',
    View: PublicityStep,
  },
};

/**
 * /getting-started (spec 4 §2): four steps with dot navigation, each doing the real thing. Progress is
 * kept on the server (docs/domain.md G1-G5), so the wizard reopens where the member left it.
 */
export default function GettingStartedPage() {
  usePageTitle('Getting Started');
  const user = useCurrentUser();
  const progress = useQuery(progressQuery);
  // Here by a link or sent by the start route: either way the start route need not send them again.
  useEffect(() => markStartChecked(user.id), [user.id]);

  return (
    <Container fluid="xl">
      {progress.isPending ? (
        <>
          <Head />
          <PageLoading label="Loading your progress…" />
        </>
      ) : progress.isError ? (
        <>
          <Head />
          <div className="card mq-wizard">
            <div className="card-body" role="alert">
              <p className="mb-2">Your progress could not be loaded just now.</p>
              <Button variant="outline-primary" onClick={() => void progress.refetch()}>
                Try again
              </Button>
            </div>
          </div>
        </>
      ) : (
        <Wizard userId={user.id} progress={progress.data} />
      )}
    </Container>
  );
}

function Head({ onSkip, skipping }: { onSkip?: () => void; skipping?: boolean }) {
  return (
    <div className="mq-page-head mq-wizard-head">
      <div>
        <h1>Getting Started</h1>
        <p className="text-body-secondary mb-0">
          Four steps to a profile members trust and your first points.
        </p>
      </div>
      {onSkip && (
        <Button variant="outline-secondary" onClick={onSkip} disabled={skipping}>
          {skipping ? 'One moment…' : 'Skip for now'}
        </Button>
      )}
    </div>
  );
}

function Wizard({ userId, progress }: { userId: number; progress: onboarding.Progress }) {
  const navigate = useNavigate();
  const titleRef = useRef<HTMLHeadingElement>(null);
  const [shown, setShown] = useState<Step>(progress.current_step);
  const finishedAtOpen = useRef(progress.finished);
  const [problem, setProblem] = useState('');
  const moveFocus = useRef(false);
  const complete = useCompleteStep();
  const goTo = useGoToStep();
  const dismiss = useDismiss();
  const id = useId();

  const state = progress.steps.find((s) => s.step === shown);
  const done = state?.done ?? false;
  const { intro, View } = STEP_VIEWS[shown];

  // A new step's heading takes the focus, so keyboard and screen-reader users start at its top.
  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    titleRef.current?.focus();
  }, [shown]);

  const show = (step: Step) => {
    setProblem('');
    if (step === shown) return;
    moveFocus.current = true;
    setShown(step);
    goTo.mutate(step);
  };

  const { mutate: completeStep } = complete;
  /** Asks the server to mark the shown step done; `quiet` when a step's own action did it. */
  const finishStep = useCallback(
    (quiet: boolean) => {
      setProblem('');
      completeStep(shown, {
        onSuccess: (answer) => {
          showSuccess(answer.message);
          if (!answer.finished) {
            moveFocus.current = true;
            setShown(answer.current_step);
          }
        },
        onError: (error) => {
          if (quiet && error instanceof ApiError && error.httpStatus === 409) return;
          setProblem(error instanceof ApiError ? error.message : 'That did not work. Please try again.');
        },
      });
    },
    [completeStep, shown],
  );
  const onEffect = useCallback(() => finishStep(true), [finishStep]);

  const skip = () =>
    dismiss.mutate(undefined, {
      onSuccess: (answer) => {
        showSuccess(answer.message);
        void navigate('/home');
      },
    });

  const next = progress.steps.find((s) => s.step > shown)?.step;
  const back = [...progress.steps].reverse().find((s) => s.step < shown)?.step;
  const doneCount = progress.steps.filter((s) => s.done).length;

  return (
    <>
      <Head
        onSkip={progress.finished || progress.dismissed ? undefined : skip}
        skipping={dismiss.isPending}
      />
      {progress.finished && <Finished announce={!finishedAtOpen.current} />}
      <section className="card mq-wizard" aria-labelledby={`${id}-title`}>
        <div className="card-header mq-wizard__head">
          <nav aria-label="Getting started steps">
            <ol className="mq-wizard-dots">
              {progress.steps.map((s) => {
                const current = s.step === shown;
                return (
                  <li
                    key={s.step}
                    className={`mq-wizard-dot${s.done ? ' is-done' : ''}${current ? ' is-current' : ''}`}
                  >
                    <button
                      type="button"
                      className="mq-wizard-dot__button"
                      aria-current={current ? 'step' : undefined}
                      aria-label={`Step ${s.step}: ${s.title}${s.done ? ' (done)' : ''}`}
                      onClick={() => show(s.step)}
                    >
                      <span className="mq-wizard-dot__mark" aria-hidden="true">
                        {s.done ? '✓' : s.step}
                      </span>
                      <span className="mq-wizard-dot__title" aria-hidden="true">
                        {s.title}
                      </span>
                    </button>
                  </li>
                );
              })}
            </ol>
          </nav>
          <p className="mq-wizard__count small mb-0">{doneCount} of 4 done</p>
        </div>
        <div className="card-body mq-wizard__body">
          <p className="mq-wizard__eyebrow">Step {shown} of 4</p>
          <h2 id={`${id}-title`} ref={titleRef} tabIndex={-1} className="mq-wizard__title">
            {onboarding.STEP_TITLES[shown]}
          </h2>
          <p className="mq-wizard__intro">{intro}</p>
          {done && (
            <p className="alert alert-success py-2 px-3" role="status">
              This step is done. You can change things here any time, or go on.
            </p>
          )}
          <View key={shown} userId={userId} done={done} onEffect={onEffect} />
          {problem && (
            <p className="alert alert-warning py-2 px-3 mt-3 mb-0" role="alert">
              {problem}
            </p>
          )}
        </div>
        <div className="card-footer mq-wizard__foot">
          {back !== undefined ? (
            <Button variant="outline-secondary" onClick={() => show(back)}>
              Back
            </Button>
          ) : (
            <span />
          )}
          <div className="mq-wizard__foot-go">
            {!done && (
              <Button variant="primary" onClick={() => finishStep(false)} disabled={complete.isPending}>
                {complete.isPending ? 'Checking…' : 'I’ve done this'}
              </Button>
            )}
            {next !== undefined && (
              <Button variant={done ? 'primary' : 'outline-primary'} onClick={() => show(next)}>
                {done ? 'Next step' : 'Later'}
              </Button>
            )}
          </div>
        </div>
      </section>
    </>
  );
}

/** All four steps done (G4); finishing just now brings it into view and gives it the focus. */
function Finished({ announce }: { announce: boolean }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (announce) heading.current?.focus();
  }, [announce]);
  return (
    <div className="card mq-wizard-finished mb-4">
      <div className="card-body">
        <h2 ref={heading} tabIndex={-1} className="h4 mb-1 mq-wizard__title">
          You&rsquo;re all set!
        </h2>
        <p className="mb-3">
          Your profile is ready, you have earned your first points and your listing is at work. Keep earning
          on the dashboard whenever you have a few minutes.
        </p>
        <div className="d-flex flex-wrap gap-2">
          <Link className="btn btn-primary" to="/dashboard">
            Go to your dashboard
          </Link>
          <Link className="btn btn-outline-primary" to="/profile">
            See your profile
          </Link>
        </div>
      </div>
    </div>
  );
}
