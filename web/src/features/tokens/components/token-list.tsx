import { Badge, Button, Card, Table } from 'react-bootstrap';
import { LoadingScreen } from '../../../components/loading.tsx';
import { useTimeZone } from '../../../lib/schedule-info.ts';
import { formatDateTime } from '../../../lib/time.ts';
import { useApiTokens } from '../api/list-tokens.ts';
import { useRevokeApiToken } from '../api/revoke-token.ts';

/** The live tokens with their roles, creation and last use (recorded at most once a minute). */
export function TokenList() {
  const tokens = useApiTokens();
  const revoke = useRevokeApiToken();
  const timeZone = useTimeZone();
  if (tokens.isLoading) return <LoadingScreen />;
  const rows = tokens.data ?? [];
  const onRevoke = (id: number, name: string) => {
    if (window.confirm(`Revoke the token of ${name}? The system is refused from its next request.`))
      revoke.mutate({ id });
  };
  if (rows.length === 0) return <p className="text-body-secondary">No API tokens yet.</p>;
  return (
    <Card className="shadow-sm">
      <Table hover responsive className="mb-0 align-middle" aria-label="API tokens">
        <thead>
          <tr>
            <th scope="col">System</th>
            <th scope="col">Roles</th>
            <th scope="col">Created</th>
            <th scope="col">Last used</th>
            <th scope="col" className="text-end">
              Actions
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((token) => (
            <tr key={token.id}>
              <td>{token.name}</td>
              <td>
                {token.roles.map((r) => (
                  <Badge key={r} bg="secondary" className="me-1">
                    {r}
                  </Badge>
                ))}
              </td>
              <td>{formatDateTime(token.createdAt, timeZone)}</td>
              <td>{token.lastUsedAt ? formatDateTime(token.lastUsedAt, timeZone) : 'never'}</td>
              <td className="text-end">
                <Button
                  size="sm"
                  variant="outline-danger"
                  onClick={() => onRevoke(token.id, token.name)}
                  aria-label={`Revoke ${token.name}`}
                >
                  Revoke
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </Card>
  );
}
