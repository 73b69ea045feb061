import type { ErrorSpec } from '@gemstock/contract';

export interface FieldError {
  path: string;
  message: string;
}

/** A failure with a code from the catalogue; the error handler turns it into the envelope. */
export class AppError extends Error {
  readonly spec: ErrorSpec;
  readonly fields: FieldError[] | undefined;

  constructor(spec: ErrorSpec, message?: string, fields?: FieldError[], options?: ErrorOptions) {
    super(message ?? spec.message, options);
    this.name = 'AppError';
    this.spec = spec;
    this.fields = fields;
  }
}
