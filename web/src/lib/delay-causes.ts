import { trpc } from './trpc.ts';

/** A cause of the operator's catalogue (docs/glossary.md "cause"). */
export type DelayCause = { code: string; labels: Record<string, string>; gtfsCause: string };
/** What a trip update or a disruption carries: a code of the catalogue, and where. */
export type CauseChoice = { code: string; stopId?: string };

/** The catalogue of delay causes (settings.causes, any logged-in user). */
export function useDelayCauses() {
  return trpc.settings.causes.useQuery(undefined, { staleTime: 30_000 });
}

/** The label in `language`, else in one of the same language, else the first, else the code. */
export function delayCauseLabel(cause: Pick<DelayCause, 'code' | 'labels'>, language: string): string {
  const labels = Object.entries(cause.labels);
  const base = language.split('-')[0]!.toLowerCase();
  return (
    cause.labels[language] ??
    labels.find(([tag]) => tag.split('-')[0]!.toLowerCase() === base)?.[1] ??
    labels[0]?.[1] ??
    cause.code
  );
}
