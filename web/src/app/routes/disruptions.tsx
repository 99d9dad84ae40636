import { Page } from '../../components/page.tsx';
import { DisruptionForm } from '../../features/disruptions/components/disruption-form.tsx';
import { DisruptionList } from '../../features/disruptions/components/disruption-list.tsx';

export default function DisruptionsRoute() {
  return (
    <Page title="Disruptions">
      <DisruptionForm />
      <h2 className="h5 mt-4">Disruptions</h2>
      <DisruptionList />
    </Page>
  );
}
