import { trpc } from '../../../lib/trpc.ts';

export function useDisruptions() {
  return trpc.disruptions.list.useQuery();
}
