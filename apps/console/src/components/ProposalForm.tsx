import type { FormEvent, ReactNode } from 'react';
import { currencyLabel } from '../lib/format.ts';
import { ErrorLine } from './ErrorLine.tsx';

/**
 * A card form that moves money or proposes to (a credit, a withdrawal limit): a title, its fields in a grid, the
 * submit button with the server's answer beside it, and the refusal below. The screens hold the fields and the state.
 */
export function ProposalForm({
  titleId,
  title,
  level = 2,
  onSubmit,
  submitLabel,
  pending,
  answer,
  error,
  children,
}: {
  /** The heading's id, which names the form. */
  titleId: string;
  title: string;
  /** The heading's level: 3 inside a page section. */
  level?: 2 | 3;
  onSubmit: (event: FormEvent) => void;
  submitLabel: string;
  pending: boolean;
  /** What the last submission answered (a status line), beside the button. */
  answer: ReactNode;
  error: unknown;
  children: ReactNode;
}) {
  const Heading = level === 3 ? 'h3' : 'h2';
  return (
    <form className="card" onSubmit={onSubmit} aria-labelledby={titleId}>
      <Heading id={titleId}>{title}</Heading>
      <div className="form-grid">{children}</div>
      <div className="row form-actions">
        <button type="submit" disabled={pending}>
          {submitLabel}
        </button>
        {answer}
      </div>
      <ErrorLine error={error} />
    </form>
  );
}

/** The currency field of such a form: one of `currencies`, by the app's own label. */
export function CurrencyField<C extends string>({
  label,
  value,
  currencies,
  onChange,
}: {
  label: string;
  value: C;
  currencies: readonly C[];
  onChange: (currency: C) => void;
}) {
  return (
    <label>
      {label}
      <select value={value} onChange={(e) => onChange(e.target.value as C)}>
        {currencies.map((c) => (
          <option key={c} value={c}>
            {currencyLabel(c)}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The reason such a form requires; it goes into the audit trail with the action. */
export function ReasonField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (reason: string) => void;
}) {
  return (
    <label>
      {label}
      <input value={value} onChange={(e) => onChange(e.target.value)} maxLength={500} required />
    </label>
  );
}
