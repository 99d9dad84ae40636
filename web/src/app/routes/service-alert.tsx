import { useMemo } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { EditorActions } from '../../components/editor-actions.tsx';
import { LoadingScreen } from '../../components/loading.tsx';
import { Page } from '../../components/page.tsx';
import { ReadOnlyNote } from '../../components/read-only-note.tsx';
import { paths } from '../../config/paths.ts';
import { useMe } from '../../features/auth/api/get-me.ts';
import { useFeedEntity } from '../../features/feed/api/get-feed-entity.ts';
import { AlertEditor } from '../../features/feed/components/alert-editor.tsx';
import { type AlertEntity, type EditBase, isAlert } from '../../features/feed/types.ts';
import { hasRole } from '../../lib/authorization.ts';
import { useFirst } from '../../lib/use-first.ts';

/** Edit mode: the entity arrives as navigation state, or by `?id=` after a reload. */
export default function ServiceAlertRoute() {
  const state = useLocation().state as { entity?: AlertEntity; base?: EditBase; existing?: boolean } | null;
  const id = useSearchParams()[0].get('id');
  const loaded = useFeedEntity('alert', state?.entity && state.base ? null : id);
  // The revision opened stays in the editor when a colleague's save refreshes the query.
  const opened = useFirst(loaded.data, id);
  const saved = opened?.entity;
  const found = state?.entity ?? (saved && isAlert(saved) ? saved : undefined);
  // One object per revision opened: the editor applies it to the stops once, not on every render.
  const entity = useMemo(() => found && { ...found, id: found.id ?? id ?? undefined }, [found, id]);
  const base = state?.base ?? opened;
  const roles = useMe().data?.roles;
  const readOnly = !hasRole(roles, 'edit');
  const editing = Boolean(id || state?.entity);
  return (
    <Page
      title={editing ? 'Edit service alert' : 'New service alert'}
      actions={<EditorActions newHref={paths.serviceAlert.getHref()} />}
    >
      {readOnly && <ReadOnlyNote />}
      {editing && !entity ? (
        loaded.error ? (
          <p className="text-danger">{loaded.error.message}</p>
        ) : (
          <LoadingScreen />
        )
      ) : (
        <AlertEditor
          key={`${entity?.id ?? 'new'}-${base?.revision ?? 0}`}
          entity={entity}
          base={entity?.id ? base : undefined}
          readOnly={readOnly}
          mayApprove={hasRole(roles, 'approve')}
        />
      )}
    </Page>
  );
}
