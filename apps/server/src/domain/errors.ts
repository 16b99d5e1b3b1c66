import { ERROR_CATALOGUE, type TErrorCode } from '@aidf/contract';

/** A refusal with a catalogue code; the HTTP layer turns it into the envelope and the code's status. */
export class AppError extends Error {
  readonly code: TErrorCode;
  readonly status: number;

  constructor(code: TErrorCode, detail?: string) {
    const base: string = ERROR_CATALOGUE[code].message;
    super(detail ? `${base}: ${detail}` : base);
    this.name = 'AppError';
    this.code = code;
    this.status = ERROR_CATALOGUE[code].status;
  }
}
