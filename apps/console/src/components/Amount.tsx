/**
 * A decimal string from the API, shown exactly as it is (operators check amounts to the last digit), kept
 * left-to-right and in tabular digits whatever the text around it.
 */
export function Amount({ value }: { value: string | null | undefined }) {
  return <bdi className="amount">{value ?? ''}</bdi>;
}
