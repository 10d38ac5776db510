import type { InputHTMLAttributes } from 'react';

/** One labelled text field of the staff forms (a page's review, a listing's change). */
export function ReviewField({
  id,
  label,
  value,
  onChange,
  small,
  ...props
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  small?: boolean;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange'>) {
  return (
    <div className="mq-review__field">
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <input
        id={id}
        className={small ? 'form-control form-control-sm' : 'form-control'}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        {...props}
      />
    </div>
  );
}
