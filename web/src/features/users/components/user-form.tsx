import { type FormEvent, useState } from 'react';
import { Alert, Button, Card, Col, Form, Row } from 'react-bootstrap';
import { ROLE_LABELS, ROLES, type Role } from '../../../lib/authorization.ts';
import { submitByButton } from '../../../lib/submit-by-button.ts';
import { useCreateUser } from '../api/create-user.ts';
import { useUpdateUser } from '../api/update-user.ts';

export type UserRow = { id: number; username: string; roles: string[] };

/** docs/spec.md §5 "New or edited user". */
export const PASSWORD_MIN = 10;
export const CANCEL_USER_CONFIRM = 'Are you sure you want to cancel?';

function validate(username: string, password: string, repeat: string, editing: boolean): string[] {
  const errors: string[] = [];
  if (!username.trim()) errors.push('Please enter a username.');
  if (!editing && !password) errors.push('Please enter a password.');
  if (password !== repeat) errors.push('Your password and the repeat password do not match.');
  if (password && password.length < PASSWORD_MIN)
    errors.push('Your password must have atleast 10 characters.');
  return errors;
}

/** New or edit user: username, password, repeat, role toggles; an empty password on edit = unchanged. */
export function UserForm({ user, onDone }: { user?: UserRow; onDone: () => void }) {
  const editing = user !== undefined;
  const [username, setUsername] = useState(user?.username ?? '');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [roles, setRoles] = useState<Role[]>((user?.roles as Role[] | undefined) ?? ['view']);
  const [errors, setErrors] = useState<string[]>([]);
  const create = useCreateUser({ onSuccess: onDone });
  const update = useUpdateUser({ onSuccess: onDone });
  const toggle = (role: Role, on: boolean) =>
    setRoles((list) => ROLES.filter((r) => (r === role ? on : list.includes(r))));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = validate(username, password, repeat, editing);
    setErrors(found);
    if (found.length > 0) return;
    if (user) update.mutate({ id: user.id, username, roles, ...(password ? { password } : {}) });
    else create.mutate({ username, password, roles });
  };
  const cancel = () => {
    if (window.confirm(CANCEL_USER_CONFIRM)) onDone();
  };
  return (
    <Card className="shadow-sm" style={{ maxWidth: '40rem' }}>
      <Card.Body>
        <Form {...submitByButton(submit)} noValidate aria-label={editing ? 'Edit user' : 'New user'}>
          <Form.Group className="mb-3" controlId="user-username">
            <Form.Label>Username</Form.Label>
            <Form.Control value={username} onChange={(e) => setUsername(e.target.value)} autoComplete="off" />
          </Form.Group>
          <Row>
            <Form.Group as={Col} sm={6} className="mb-3" controlId="user-password">
              <Form.Label>Password</Form.Label>
              <Form.Control
                type="password"
                autoComplete="new-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
              {editing && <Form.Text>Leave empty to keep the current password.</Form.Text>}
            </Form.Group>
            <Form.Group as={Col} sm={6} className="mb-3" controlId="user-repeat">
              <Form.Label>Repeat password</Form.Label>
              <Form.Control
                type="password"
                autoComplete="new-password"
                value={repeat}
                onChange={(e) => setRepeat(e.target.value)}
              />
            </Form.Group>
          </Row>
          {password !== repeat && (
            <Alert variant="danger" className="py-2">
              Password and repeat password do not match!
            </Alert>
          )}
          <fieldset className="mb-3">
            <legend className="fs-6 fw-semibold">Roles</legend>
            {ROLES.map((role) => (
              <Form.Check
                key={role}
                type="switch"
                id={`role-${role}`}
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
          {errors.length > 0 && (
            <Alert variant="danger" role="alert">
              {errors.map((m) => (
                <div key={m}>{m}</div>
              ))}
            </Alert>
          )}
          <div className="d-flex gap-2">
            <Button type="submit" disabled={create.isPending || update.isPending}>
              {editing ? 'Save user' : 'Add user'}
            </Button>
            <Button variant="outline-secondary" onClick={cancel}>
              Cancel
            </Button>
          </div>
        </Form>
      </Card.Body>
    </Card>
  );
}
