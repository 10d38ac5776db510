import { useState, type Dispatch } from 'react';
import { useMutation } from '@tanstack/react-query';
import Button from 'react-bootstrap/Button';
import { account } from '@marquee/contract';
import { call } from '../../app/api';
import { showError } from '../../ui/toast';
import { useAccountChanged } from './useAccountChanged';
import { isFormError, type UpdateAction } from './updating';

type Pending = Extract<account.RefreshAnswer, { status: 'pending' }>;

/**
 * The name refresh from IMDb (spec 3 §4): success closes the modal; pending lists the ways the
 * page's name reads, for the member to pick one; an error shows in the modal.
 */
export function NameRefresh({ dispatch }: { dispatch: Dispatch<UpdateAction> }) {
  const changed = useAccountChanged();
  const [pending, setPending] = useState<Pending | null>(null);
  const [picked, setPicked] = useState(0);
  const fail = (error: unknown) =>
    isFormError(error) ? dispatch({ type: 'fail', error: error.message }) : showError(error);
  const done = (answer: account.AccountChanged) => {
    changed(answer);
    dispatch({ type: 'close' });
  };

  const refresh = useMutation({
    mutationFn: () => call(account.refreshIMDbInfo, {}),
    onSuccess: (answer) => {
      if (answer.status === 'pending') {
        setPending(answer);
        setPicked(0);
      } else done(answer);
    },
    onError: fail,
    meta: { quiet: true },
  });
  const select = useMutation({
    mutationFn: (option: account.NameOption) =>
      call(account.selectNameOption, { ...option, imdb: pending?.imdb ?? '' }),
    onSuccess: done,
    onError: fail,
    meta: { quiet: true },
  });

  return (
    <section className="mq-name-refresh" aria-labelledby="mq-name-refresh-title">
      <h4 id="mq-name-refresh-title" className="mq-name-refresh__title">
        Or take your name from IMDb
      </h4>
      {pending ? (
        <fieldset>
          <legend className="small mb-2">{pending.message}</legend>
          {pending.options.map((option, index) => (
            <div className="form-check" key={`${option.first}|${option.last}`}>
              <input
                className="form-check-input"
                type="radio"
                name="mq-name-option"
                id={`mq-name-option-${index}`}
                checked={picked === index}
                onChange={() => setPicked(index)}
              />
              <label className="form-check-label" htmlFor={`mq-name-option-${index}`}>
                First name <strong>{option.first}</strong>, last name <strong>{option.last}</strong>
              </label>
            </div>
          ))}
          <Button
            className="mt-2"
            size="sm"
            variant="primary"
            disabled={select.isPending}
            onClick={() => {
              const option = pending.options[picked];
              if (option) select.mutate(option);
            }}
          >
            {select.isPending ? 'Saving…' : 'Use this name'}
          </Button>
        </fieldset>
      ) : (
        <>
          <p className="small text-body-secondary mb-2">
            We read the name on your IMDb page and bring your Marquee name in line with it. No password
            needed.
          </p>
          <Button
            size="sm"
            variant="outline-primary"
            disabled={refresh.isPending}
            onClick={() => refresh.mutate()}
          >
            {refresh.isPending ? 'Reading your IMDb page…' : 'Refresh from IMDb'}
          </Button>
        </>
      )}
    </section>
  );
}
