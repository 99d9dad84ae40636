import { TRPCClientError } from '@trpc/client';

export type Notice = {
  code: string;
  severity: 'error' | 'warning';
  field: string;
  message: string;
  stopSequence?: number;
  stopId?: string;
};

type ErrorData = { title?: string | null; details?: { notices?: Notice[] } | null } | undefined;

function dataOf(error: unknown): ErrorData {
  return error instanceof TRPCClientError ? (error.data as ErrorData) : undefined;
}

/** Spec §8: an error with a title shows as the title, a newline, then the message; else the text alone. */
export function formatError(error: unknown): string {
  const title = dataOf(error)?.title;
  const message = error instanceof Error ? error.message : String(error);
  return title ? `${title}\n${message}` : message;
}

/** The rule notices of a refused feed save (server: `error.data.details.notices`). */
export function noticesOf(error: unknown): Notice[] {
  return dataOf(error)?.details?.notices ?? [];
}
