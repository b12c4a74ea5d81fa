import {
  API_ERRORS,
  type ApiErrorBody,
  type ApiErrorKind,
  type EditConflict,
} from '@sodalis/contracts';

export interface ErrorIssue {
  path: string;
  message: string;
}

/** An error the client is meant to see, with the status and Italian message of API_ERRORS. */
export class AppError extends Error {
  readonly status: number;
  readonly code: string;

  constructor(
    readonly kind: ApiErrorKind,
    readonly issues?: ErrorIssue[],
    /** Seconds the client should wait before trying again (the `Retry-After` header). */
    readonly retryAfterSeconds?: number,
    /** A save over a newer version: the record now and the saves since (ADR 041). */
    readonly conflict?: EditConflict,
  ) {
    super(API_ERRORS[kind].message);
    this.name = 'AppError';
    this.status = API_ERRORS[kind].status;
    this.code = API_ERRORS[kind].code;
  }

  toBody(): ApiErrorBody {
    return {
      data: null,
      error: {
        status: this.status,
        code: this.code,
        message: this.message,
        ...(this.issues && this.issues.length > 0 ? { issues: this.issues } : {}),
        ...(this.conflict === undefined ? {} : { conflict: this.conflict }),
      },
    };
  }
}
