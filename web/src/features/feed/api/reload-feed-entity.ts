import { useNavigate } from 'react-router-dom';
import { paths } from '../../../config/paths.ts';
import { useNotifications } from '../../../lib/notifications.tsx';
import { trpc } from '../../../lib/trpc.ts';
import type { FeedKind } from './list-feed.ts';

/**
 * Opens the entity as it is saved now (after a refused save): fetched fresh, so the editor starts
 * again from the colleague's revision.
 */
export function useReloadFeedEntity(kind: FeedKind) {
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  const notify = useNotifications();
  const href = kind === 'trip_update' ? paths.tripUpdate.getHref : paths.serviceAlert.getHref;
  return async (id: string) => {
    try {
      const item = await utils.feed.get.fetch({ kind, id }, { staleTime: 0 });
      navigate(href(id), { replace: true, state: { entity: item.entity, base: item } });
    } catch (error) {
      notify.error(error);
    }
  };
}
