import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { pro } from '@marquee/contract';
import { call } from '../../app/api';
import { LoadingLine, SideCard } from '../../ui/SideCard';
import { showSuccess } from '../../ui/toast';
import { bonusOptionsQuery, minimumOptionsQuery } from './api';

/**
 * Pro settings (spec 2 §2, §6): the minimum value of the IMDb listings the member is shown, and the
 * bonus title topped up with sponsored views every Monday. What each does is in docs/domain.md.
 */
export function ProSettingsPanel() {
  return (
    <SideCard title="Pro Settings" className="mq-pro-card mq-pro-settings">
      <MinimumSetting />
      <BonusSetting />
    </SideCard>
  );
}

const minimumLabel = (value: number) => (value === 0 ? 'Any points' : `${value} points or more`);

function MinimumSetting() {
  const options = useQuery(minimumOptionsQuery);
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (nm: number) => call(pro.updateMinimum, { nm }),
    onSuccess: (answer) => {
      showSuccess(answer.message);
      void queryClient.invalidateQueries({ queryKey: minimumOptionsQuery.queryKey });
    },
  });
  const saved = options.data?.options.find((o) => o.selected)?.value ?? 0;
  return (
    <SettingForm
      title="Minimum Value"
      hint="IMDb listings giving fewer points are left out of the lists you load from now on."
      loading={options.isPending}
      error={options.isError ? options.error.message : null}
      saving={save.isPending}
      saveLabel="Save minimum value"
      initial={String(saved)}
      key={saved}
      onSave={(value) => save.mutate(Number(value))}
      choices={(options.data?.options ?? []).map((o) => ({
        value: String(o.value),
        label: minimumLabel(o.value),
      }))}
      selectLabel="Show me IMDb listings giving"
    />
  );
}

function BonusSetting() {
  const options = useQuery(bonusOptionsQuery);
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (ns: string) => call(pro.updateBonusSelection, { ns }),
    onSuccess: (answer) => {
      showSuccess(answer.message);
      void queryClient.invalidateQueries({ queryKey: bonusOptionsQuery.queryKey });
    },
  });
  const list = options.data?.options ?? [];
  const saved = options.data?.selected ?? pro.PRO_BONUS_NONE;
  return (
    <SettingForm
      title="Bonus Title"
      hint={
        list.length > 1
          ? `Every Monday we top your bonus title up to ${pro.PRO_BONUS_VIEWS} sponsored views, on us.`
          : `Add an IMDb listing to choose it as your bonus title: every Monday it gets up to ${pro.PRO_BONUS_VIEWS} sponsored views, on us.`
      }
      loading={options.isPending}
      error={options.isError ? options.error.message : null}
      saving={save.isPending}
      saveLabel="Save bonus title"
      initial={saved}
      key={saved}
      onSave={(value) => save.mutate(value)}
      choices={list.map((o) => ({ value: o.code, label: o.title }))}
      selectLabel="IMDb listing"
    />
  );
}

/** One setting: a labelled choice and its Save button, which is enabled once the choice changes. */
function SettingForm(props: {
  title: string;
  hint: ReactNode;
  loading: boolean;
  error: string | null;
  saving: boolean;
  saveLabel: string;
  initial: string;
  choices: { value: string; label: string }[];
  selectLabel: string;
  onSave: (value: string) => void;
}) {
  const id = useId();
  const [value, setValue] = useState(props.initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSave(value);
  };
  return (
    <form className="mq-pro-setting" onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="mq-pro-setting__title">
        {props.title}
      </h3>
      {props.loading ? (
        <LoadingLine>Loading…</LoadingLine>
      ) : props.error ? (
        <p className="text-body-secondary mb-0">{props.error}</p>
      ) : (
        <>
          <label htmlFor={`${id}-select`} className="form-label small mb-1">
            {props.selectLabel}
          </label>
          <div className="mq-pro-setting__row">
            <select
              id={`${id}-select`}
              className="form-select"
              value={value}
              aria-describedby={`${id}-hint`}
              onChange={(event) => setValue(event.target.value)}
            >
              {props.choices.map((c) => (
                <option key={c.value} value={c.value}>
                  {c.label}
                </option>
              ))}
            </select>
            <button
              type="submit"
              className="btn btn-primary"
              disabled={props.saving || value === props.initial}
              aria-label={props.saveLabel}
            >
              {props.saving ? 'Saving…' : 'Save'}
            </button>
          </div>
          <p id={`${id}-hint`} className="mq-pro-setting__hint">
            {props.hint}
          </p>
        </>
      )}
    </form>
  );
}
