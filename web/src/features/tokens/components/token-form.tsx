import { type FormEvent, useState } from 'react';
import { Alert, Button, Card, Form } from 'react-bootstrap';
import { ROLE_LABELS, ROLES, type Role } from '../../../lib/authorization.ts';
import { useCreateApiToken } from '../api/create-token.ts';

/** A new token: the system's name and the roles it acts with; the token is shown once, here. */
export function TokenForm() {
  const [name, setName] = useState('');
  const [roles, setRoles] = useState<Role[]>(['view']);
  const [created, setCreated] = useState<{ name: string; token: string } | null>(null);
  const create = useCreateApiToken({
    onSuccess: ({ token }) => {
      setCreated({ name: name.trim(), token });
      setName('');
    },
  });
  const toggle = (role: Role, on: boolean) =>
    setRoles((list) => ROLES.filter((r) => (r === role ? on : list.includes(r))));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setCreated(null);
    create.mutate({ name, roles });
  };
  return (
    <Card className="shadow-sm mb-4" style={{ maxWidth: '40rem' }}>
      <Card.Body>
        <Form onSubmit={submit} aria-label="New API token">
          <Form.Group className="mb-3" controlId="token-name">
            <Form.Label>System</Form.Label>
            <Form.Control
              value={name}
              onChange={(e) => setName(e.target.value)}
              placeholder="e.g. AVL system"
              autoComplete="off"
              required
            />
            <Form.Text>Its saves appear in the history as “token:{name.trim() || 'name'}”.</Form.Text>
          </Form.Group>
          <fieldset className="mb-3">
            <legend className="fs-6 fw-semibold">Roles</legend>
            {ROLES.map((role) => (
              <Form.Check
                key={role}
                type="switch"
                id={`token-role-${role}`}
                label={
                  <>
                    <strong>{role}</strong> <span className="text-body-secondary">– {ROLE_LABELS[role]}</span>
                  </>
                }
                checked={roles.includes(role)}
                onChange={(e) => toggle(role, e.target.checked)}
              />
            ))}
          </fieldset>
          <Button type="submit" disabled={create.isPending || !name.trim()}>
            Create token
          </Button>
        </Form>
        {created && (
          <Alert variant="warning" className="mt-3 mb-0" data-testid="new-token">
            <p className="mb-2">
              The token of <strong>{created.name}</strong>. Copy it now: it is shown only this once.
            </p>
            <Form.Control
              readOnly
              value={created.token}
              aria-label="New token"
              className="font-monospace"
              onFocus={(e) => e.target.select()}
            />
            <p className="mt-2 mb-0 small">
              The system sends it as <span className="font-monospace">Authorization: Bearer …</span> on the
              REST paths.
            </p>
          </Alert>
        )}
      </Card.Body>
    </Card>
  );
}
