import { useId, useState, type ReactNode } from 'react';

interface EditableFieldProps {
  label: string;
  /** What the field holds now, as text ('' shows 'None'). */
  value: string;
  /** How the value reads when it is not being edited (a link, say); the value itself otherwise. */
  shown?: ReactNode;
  /** false: read only (staff's own card, another admin's, a deleted account). */
  editable: boolean;
  /** The input: text by default; a date, a password or a choice of options. */
  kind?: 'text' | 'email' | 'url' | 'date' | 'password' | 'select';
  options?: { value: string; label: string }[];
  hint?: string;
  saving: boolean;
  /** Saves the new value; answers true when it was saved, so the editor closes. */
  onSave: (value: string) => Promise<boolean>;
}

/** One field of the member's card (docs/domain.md AM3, AM4): its value, and Edit to change it in place. */
export function EditableField({
  label,
  value,
  shown,
  editable,
  kind = 'text',
  options,
  hint,
  saving,
  onSave,
}: EditableFieldProps) {
  const id = useId();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(value);
  const start = () => {
    setDraft(kind === 'password' ? '' : value);
    setEditing(true);
  };
  return (
    <div className="mq-field">
      <dt id={`${id}-label`}>{label}</dt>
      <dd>
        {editing ? (
          <form
            className="mq-field__form"
            onSubmit={async (e) => {
              e.preventDefault();
              if (await onSave(draft)) setEditing(false);
            }}
          >
            {kind === 'select' ? (
              <select
                className="form-select form-select-sm"
                aria-labelledby={`${id}-label`}
                value={draft}
                onChange={(e) => setDraft(e.target.value)}
              >
                {options?.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            ) : (
              <input
                className="form-control form-control-sm"
                type={kind}
                aria-labelledby={`${id}-label`}
                aria-describedby={hint ? `${id}-hint` : undefined}
                autoComplete={kind === 'password' ? 'new-password' : 'off'}
                value={draft}
                onChange={(e) => setDraft(e.target.value)}
              />
            )}
            <button type="submit" className="btn btn-primary btn-sm" disabled={saving}>
              {saving ? 'Saving…' : 'Save'}
            </button>
            <button
              type="button"
              className="btn btn-outline-secondary btn-sm"
              disabled={saving}
              onClick={() => setEditing(false)}
            >
              Cancel
            </button>
          </form>
        ) : (
          <div className="mq-field__value">
            <span>{shown ?? (value === '' ? <span className="text-body-secondary">None</span> : value)}</span>
            {editable && (
              <button type="button" className="btn btn-link btn-sm p-0" onClick={start}>
                Edit<span className="visually-hidden"> {label}</span>
              </button>
            )}
          </div>
        )}
        {hint && editing && (
          <p id={`${id}-hint`} className="form-text mb-0">
            {hint}
          </p>
        )}
      </dd>
    </div>
  );
}
