import { useCallback, useState } from 'react';

/** A form's messages by field; a field without a problem has none. */
export type FieldMessages<F extends string> = Partial<Record<F, string>>;

interface Late<F extends string> {
  field: F;
  message: string;
  /** The field's input the message was about. */
  value: string;
}

/**
 * A form's messages as a function of its current input (SPEC.md point 5's checks): nothing is said before the
 * user submits (or leaves a field, for a check made on blur); from then on the checks run again on every render,
 * so a message goes as soon as the input is fixed and follows the language. A message found later (the server's
 * answer, the wallet's balance) is kept for the input it was about and goes when that field changes.
 */
export function useFormChecks<F extends string>(
  values: Record<F, string>,
  check: (values: Record<F, string>) => FieldMessages<F>,
) {
  const [shown, setShown] = useState<'all' | ReadonlySet<F>>(() => new Set<F>());
  const [late, setLate] = useState<Late<F>[]>([]);
  const current = check(values);
  const errors: FieldMessages<F> = {};
  for (const field of Object.keys(current) as F[]) {
    if (shown === 'all' || shown.has(field)) errors[field] = current[field];
  }
  for (const l of late) {
    if (errors[l.field] === undefined && values[l.field] === l.value) errors[l.field] = l.message;
  }

  /** Shows every check from now on; true when the current input passes them all. */
  const validate = useCallback(() => {
    setShown('all');
    setLate([]);
    return Object.values(check(values)).every((m) => m === undefined);
  }, [check, values]);

  /** Shows the checks of one field from now on (a field checked on blur); true when it passes. */
  const touch = useCallback(
    (field: F) => {
      setShown((s) => (s === 'all' || s.has(field) ? s : new Set([...s, field])));
      return check(values)[field] === undefined;
    },
    [check, values],
  );

  /** A message found after the checks, shown under `field` until its input changes. */
  const reject = useCallback(
    (field: F, message: string) =>
      setLate((ls) => [...ls.filter((l) => l.field !== field), { field, message, value: values[field] }]),
    [values],
  );

  /** Back to a fresh form (after a success): no message until the next submit. */
  const reset = useCallback(() => {
    setShown(new Set<F>());
    setLate([]);
  }, []);

  return { errors, validate, touch, reject, reset };
}
