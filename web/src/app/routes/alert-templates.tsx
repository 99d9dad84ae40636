import { Page } from '../../components/page.tsx';
import { AlertTemplateForm } from '../../features/disruptions/components/alert-template-form.tsx';

export default function AlertTemplatesRoute() {
  return (
    <Page title="Alert templates">
      <AlertTemplateForm />
    </Page>
  );
}
