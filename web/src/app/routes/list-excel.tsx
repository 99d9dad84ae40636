import { Link } from 'react-router-dom';
import { Page } from '../../components/page.tsx';
import { paths } from '../../config/paths.ts';
import { SummaryList } from '../../features/summaries/components/summary-list.tsx';

export default function ListExcelRoute() {
  return (
    <Page
      title="Summary spreadsheets"
      actions={
        <Link to={paths.home.getHref()} className="btn btn-link">
          ← Go back
        </Link>
      }
    >
      <SummaryList />
    </Page>
  );
}
