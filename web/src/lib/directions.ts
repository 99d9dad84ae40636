import { trpc } from './trpc.ts';

/** One direction offered to a controller: its direction_id and "towards <terminus>". */
export type DirectionChoice = { directionId: number; towards: string; derived: boolean };

/** Every route's directions named by terminus; used by each screen that selects trips. */
export function useDirections() {
  return trpc.schedule.directions.useQuery(undefined, { staleTime: 60_000 });
}

/**
 * The directions to offer for a route ('' = any route: the corridor's, or the only route's), never
 * a bare 0/1.
 */
export function directionChoices(
  directions:
    | { routeId: string | null; directionId: number; towards: string; derived: boolean }[]
    | undefined,
  routeId: string,
): DirectionChoice[] {
  const list = directions ?? [];
  const routes = new Set(list.filter((d) => d.routeId !== null).map((d) => d.routeId));
  const wanted = routeId || (routes.size === 1 ? [...routes][0]! : null);
  return list
    .filter((d) => d.routeId === wanted)
    .map(({ directionId, towards, derived }) => ({ directionId, towards, derived }));
}
