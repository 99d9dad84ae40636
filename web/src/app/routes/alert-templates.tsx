import { Page } from '../../components/page.tsx';
import { AlertTemplateManager } from '../../features/feed/components/alert-template-manager.tsx';

export default function AlertTemplatesRoute() {
  return (
    <Page title="Alert templates">
      <AlertTemplateManager />
    </Page>
  );
}
