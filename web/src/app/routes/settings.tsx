import { Page } from '../../components/page.tsx';
import { OperatorSettingsForm } from '../../features/settings/components/operator-settings-form.tsx';

/** Operator settings (admin): the languages of alert texts; docs/rest-api.md "/settings". */
export default function SettingsRoute() {
  return (
    <Page title="Operator settings">
      <OperatorSettingsForm />
    </Page>
  );
}
