import { NetworkError } from '@proxy/contract/api/errors';

/** What the error page shows for any thrown value (spec §8). */
export interface ErrorInfo {
  readonly status: number;
  readonly message: string;
  /** No answer came from the server (offline, DNS): the page says so in its language, not the error's English. */
  readonly network: boolean;
}

/** Thrown by a page's validate check or a loader to show the 404 page. */
export class NotFoundError extends Error {
  readonly status = 404;
  constructor() {
    super('This page could not be found');
    this.name = 'NotFoundError';
  }
}

function numeric(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value >= 400 && value <= 599 ? value : undefined;
}

/**
 * Status from `status`, `statusCode` or `response.status` (default 500); message from the error's message or, for a
 * thrown non-Error, its serialised form (spec §8).
 */
export function toErrorInfo(error: unknown): ErrorInfo {
  const record = (error ?? {}) as Record<string, unknown>;
  const response = (record.response ?? {}) as Record<string, unknown>;
  const status = numeric(record.status) ?? numeric(record.statusCode) ?? numeric(response.status) ?? 500;
  let message: string;
  if (error instanceof Error) message = error.message;
  else if (typeof record.statusText === 'string' && record.statusText) message = record.statusText;
  else {
    try {
      message = JSON.stringify(error) ?? String(error);
    } catch {
      message = String(error);
    }
  }
  return { status, message, network: error instanceof NetworkError };
}
