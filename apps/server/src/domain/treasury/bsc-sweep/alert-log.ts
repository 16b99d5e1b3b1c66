/** Where alerts go: log lines `{ alert, ... }` (the process's logger). */
export interface AlertLog {
  warn: (fields: Record<string, unknown>, message: string) => void;
  error: (fields: Record<string, unknown>, message: string) => void;
}
