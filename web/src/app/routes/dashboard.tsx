import { Link } from 'react-router-dom';
import { Page } from '../../components/page.tsx';
import { paths } from '../../config/paths.ts';
import { PunctualityDashboard } from '../../features/dashboard/components/punctuality-dashboard.tsx';

export default function DashboardRoute() {
  return (
    <Page
      title="Punctuality"
      actions={
        <Link to={paths.listExcel.getHref()} className="btn btn-link">
          Summary spreadsheets
        </Link>
      }
    >
      <PunctualityDashboard />
    </Page>
  );
}
