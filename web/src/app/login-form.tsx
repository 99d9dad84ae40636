import { type FormEvent, useState } from 'react';
import { trpc } from '../lib/trpc.ts';

export function LoginForm() {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(true);
  const login = trpc.auth.login.useMutation({ onSuccess: () => window.location.reload() });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    login.mutate({ username, password, rememberMe });
  };
  return (
    <form onSubmit={submit} className="card p-4 mx-auto mt-5" style={{ maxWidth: '24rem' }}>
      <h1 className="h4 mb-3">Feed desk</h1>
      <label className="form-label" htmlFor="username">
        Username
      </label>
      <input
        id="username"
        className="form-control mb-2"
        value={username}
        onChange={(e) => setUsername(e.target.value)}
      />
      <label className="form-label" htmlFor="password">
        Password
      </label>
      <input
        id="password"
        type="password"
        className="form-control mb-2"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <div className="form-check mb-3">
        <input
          id="remember"
          type="checkbox"
          className="form-check-input"
          checked={rememberMe}
          onChange={(e) => setRememberMe(e.target.checked)}
        />
        <label className="form-check-label" htmlFor="remember">
          Remember me
        </label>
      </div>
      {login.error && (
        <div className="alert alert-danger" role="alert">
          {login.error.message}
        </div>
      )}
      <button type="submit" className="btn btn-primary" disabled={login.isPending}>
        Log in
      </button>
    </form>
  );
}
