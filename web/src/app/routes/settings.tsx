import { Page } from '../../components/page.tsx';
import { DelayCausesForm } from '../../features/settings/components/delay-causes-form.tsx';
import { OperatorSettingsForm } from '../../features/settings/components/operator-settings-form.tsx';

/** Operator settings (admin): the languages of alert texts, the delay causes; docs/rest-api.md "/settings". */
export default function SettingsRoute() {
  return (
    <Page title="Operator settings">
      <OperatorSettingsForm />
      <section aria-labelledby="delay-causes-title" className="mt-5">
        <h2 id="delay-causes-title" className="h5">
          Delay causes
        </h2>
        <DelayCausesForm />
      </section>
    </Page>
  );
}
