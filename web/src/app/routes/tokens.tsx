import { Page } from '../../components/page.tsx';
import { TokenForm } from '../../features/tokens/components/token-form.tsx';
import { TokenList } from '../../features/tokens/components/token-list.tsx';

/** API tokens for systems (docs/rest-api.md, admin): create with roles, see once, list, revoke. */
export default function TokensRoute() {
  return (
    <Page title="API tokens">
      <TokenForm />
      <TokenList />
    </Page>
  );
}
