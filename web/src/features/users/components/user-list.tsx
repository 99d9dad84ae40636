import { Badge, Button, Card, Table } from 'react-bootstrap';
import { Link } from 'react-router-dom';
import { LoadingScreen } from '../../../components/loading.tsx';
import { paths } from '../../../config/paths.ts';
import { useDeleteUser } from '../api/delete-user.ts';
import { useUsers } from '../api/list-users.ts';

/** docs/spec.md §2 user list with edit and delete ('Are you sure you want to delete {username}?'). */
export function UserList() {
  const users = useUsers();
  const remove = useDeleteUser();
  if (users.isLoading) return <LoadingScreen />;
  const onDelete = (username: string) => {
    if (window.confirm(`Are you sure you want to delete ${username}?`)) remove.mutate({ username });
  };
  return (
    <Card className="shadow-sm">
      <Table hover responsive className="mb-0 align-middle">
        <thead>
          <tr>
            <th scope="col">Username</th>
            <th scope="col">Roles</th>
            <th scope="col" className="text-end">
              Actions
            </th>
          </tr>
        </thead>
        <tbody>
          {(users.data ?? []).map((user) => (
            <tr key={user.id}>
              <td>{user.username}</td>
              <td>
                {user.roles.map((r) => (
                  <Badge key={r} bg="secondary" className="me-1">
                    {r}
                  </Badge>
                ))}
              </td>
              <td className="text-end text-nowrap">
                <Link
                  to={paths.addUser.getHref(user.id)}
                  state={{ user }}
                  className="btn btn-sm btn-outline-primary me-2"
                  aria-label={`Edit ${user.username}`}
                >
                  Edit
                </Link>
                <Button
                  size="sm"
                  variant="outline-danger"
                  onClick={() => onDelete(user.username)}
                  aria-label={`Delete ${user.username}`}
                >
                  Delete
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </Card>
  );
}
