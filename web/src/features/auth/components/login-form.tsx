import { type FormEvent, useState } from 'react';
import { Alert, Button, Card, Form } from 'react-bootstrap';
import { useSignInOptions } from '../api/get-sign-in-options.ts';
import { useLogin } from '../api/login.ts';
import { signInErrorOf } from '../sign-in-errors.ts';

/** docs/spec.md §2 "Login form": username, password, remember me (on); a failure in a red box. */
export function LoginForm({ notice }: { notice?: string }) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(true);
  const login = useLogin();
  const options = useSignInOptions();
  // Read once: the callback's refusal stays on screen, the address bar loses it.
  const [signInError] = useState(() => {
    const error = signInErrorOf(window.location.search);
    if (error) window.history.replaceState(null, '', window.location.pathname);
    return error;
  });
  const singleSignOn = options.data?.singleSignOn ?? null;
  const localLogin = options.data?.localLogin ?? true;
  const returnTo = encodeURIComponent(window.location.pathname + window.location.search);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    login.mutate({ username, password, rememberMe });
  };
  return (
    <main className="container py-5">
      <Card className="mx-auto shadow-sm" style={{ maxWidth: '24rem' }}>
        <Card.Body className="p-4">
          <h1 className="h4 mb-1">Feed desk</h1>
          <p className="text-body-secondary small mb-4">Log in to publish trip updates and alerts.</p>
          {notice && (
            <Alert variant="warning" className="small">
              {notice}
            </Alert>
          )}
          {signInError && (
            <Alert variant="danger" role="alert" data-testid="sign-in-error" className="small">
              {signInError}
            </Alert>
          )}
          {singleSignOn && (
            <>
              {/* A link, not a form: the browser goes to the provider (docs/single-sign-on.md). */}
              <a
                href={`${singleSignOn.url}?return_to=${returnTo}`}
                className={`btn w-100 mb-3 ${localLogin ? 'btn-outline-primary' : 'btn-primary'}`}
              >
                Sign in with {singleSignOn.name}
              </a>
              {localLogin && (
                <p className="text-body-secondary small text-center mb-3">or with a desk account</p>
              )}
            </>
          )}
          {localLogin && (
            <Form onSubmit={submit} aria-label="Login">
              <Form.Group className="mb-3" controlId="login-username">
                <Form.Label>Username</Form.Label>
                <Form.Control
                  autoComplete="username"
                  value={username}
                  onChange={(e) => setUsername(e.target.value)}
                  autoFocus
                  required
                />
              </Form.Group>
              <Form.Group className="mb-3" controlId="login-password">
                <Form.Label>Password</Form.Label>
                <Form.Control
                  type="password"
                  autoComplete="current-password"
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                  required
                />
              </Form.Group>
              <Form.Check
                className="mb-3"
                id="login-remember"
                label="Remember me"
                checked={rememberMe}
                onChange={(e) => setRememberMe(e.target.checked)}
              />
              {login.error && (
                <Alert
                  variant="danger"
                  role="alert"
                  data-testid="login-error"
                  style={{ whiteSpace: 'pre-line' }}
                >
                  {login.error.message}
                </Alert>
              )}
              <Button type="submit" className="w-100" disabled={login.isPending}>
                Log in
              </Button>
            </Form>
          )}
        </Card.Body>
      </Card>
    </main>
  );
}
