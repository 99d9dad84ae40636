import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { LoadingScreen } from '../../components/loading.tsx';
import { Page } from '../../components/page.tsx';
import { paths } from '../../config/paths.ts';
import { useUsers } from '../../features/users/api/list-users.ts';
import { UserForm, type UserRow } from '../../features/users/components/user-form.tsx';

/** New user, or edit the user passed as navigation state (or `?id=` after a reload). */
export default function AddUserRoute() {
  const navigate = useNavigate();
  const state = useLocation().state as { user?: UserRow } | null;
  const id = useSearchParams()[0].get('id');
  const users = useUsers();
  const user = state?.user ?? (id ? users.data?.find((u) => u.id === Number(id)) : undefined);
  if (id && !user && users.isLoading) return <LoadingScreen />;
  return (
    <Page
      title={user ? `Edit user ${user.username}` : 'New user'}
      actions={
        <Link to={paths.listUser.getHref()} className="btn btn-link">
          ← Back to users
        </Link>
      }
    >
      <UserForm key={user?.id ?? 'new'} user={user} onDone={() => navigate(paths.listUser.getHref())} />
    </Page>
  );
}
