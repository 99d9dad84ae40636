import { TRPCClientError } from '@trpc/client';

export type Notice = {
  code: string;
  severity: 'error' | 'warning';
  field: string;
  message: string;
  stopSequence?: number;
  stopId?: string;
};

/** Who changed an entity since the editor opened it (server: entity_changed, 409). */
export type EditConflict = {
  message: string;
  id: string;
  revision: number;
  updatedBy: string | null;
  updatedAt: string | null;
};

type ErrorData =
  | {
      title?: string | null;
      appCode?: string | null;
      details?: ({ notices?: Notice[] } & Partial<Omit<EditConflict, 'message'>>) | null;
    }
  | undefined;

function dataOf(error: unknown): ErrorData {
  return error instanceof TRPCClientError ? (error.data as ErrorData) : undefined;
}

/** A refusal of a REST call (`{code, error, description}`, docs/rest-api.md), as the web app shows it. */
export class RestError extends Error {
  constructor(
    readonly status: number,
    readonly title: string | undefined,
    description: string,
  ) {
    super(description);
  }

  /** The error a refused response carries; the status line when its body is not the contract's. */
  static async of(response: Response): Promise<RestError> {
    const body = (await response.json().catch(() => null)) as { error?: string; description?: string } | null;
    return new RestError(
      response.status,
      body?.error,
      body?.description ?? `The server answered ${response.status} ${response.statusText}.`,
    );
  }
}

/** docs/spec.md §8: an error with a title shows as the title, a newline, then the message; else the text alone. */
export function formatError(error: unknown): string {
  const title = error instanceof RestError ? error.title : dataOf(error)?.title;
  const message = error instanceof Error ? error.message : String(error);
  return title ? `${title}\n${message}` : message;
}

/** The conflict of a save refused because someone else changed the entity first; else null. */
export function conflictOf(error: unknown): EditConflict | null {
  const data = dataOf(error);
  const details = data?.details;
  if (data?.appCode !== 'entity_changed' || !details?.id) return null;
  return {
    message: (error as Error).message,
    id: details.id,
    revision: details.revision ?? 0,
    updatedBy: details.updatedBy ?? null,
    updatedAt: details.updatedAt ?? null,
  };
}

/** The rule notices of a refused feed save (server: `error.data.details.notices`). */
export function noticesOf(error: unknown): Notice[] {
  return dataOf(error)?.details?.notices ?? [];
}
