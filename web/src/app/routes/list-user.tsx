import { Link } from 'react-router-dom';
import { Page } from '../../components/page.tsx';
import { paths } from '../../config/paths.ts';
import { UserList } from '../../features/users/components/user-list.tsx';

export default function ListUserRoute() {
  return (
    <Page
      title="Users"
      actions={
        <Link to={paths.addUser.getHref()} className="btn btn-primary">
          New user
        </Link>
      }
    >
      <UserList />
    </Page>
  );
}
