import { trpc } from '../lib/trpc.ts';
import { LoginForm } from './login-form.tsx';

export function App() {
  const me = trpc.auth.me.useQuery();
  const logout = trpc.auth.logout.useMutation({ onSuccess: () => window.location.assign('/') });
  if (me.isLoading) return null;
  if (!me.data) return <LoginForm />;
  return (
    <main className="container py-4">
      <p>
        Logged in as <strong>{me.data.username}</strong> ({me.data.roles.join(', ')})
      </p>
      <button type="button" className="btn btn-outline-secondary" onClick={() => logout.mutate()}>
        Logout
      </button>
    </main>
  );
}
