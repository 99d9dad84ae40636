import { Link } from 'react-router-dom';
import { Page } from '../../components/page.tsx';
import { paths } from '../../config/paths.ts';
import { ScheduleVersions } from '../../features/schedule/components/schedule-versions.tsx';

export default function ScheduleVersionsRoute() {
  return (
    <Page
      title="Schedule versions"
      actions={
        <Link to={paths.uploadGtfs.getHref()} className="btn btn-link">
          Upload schedule
        </Link>
      }
    >
      <ScheduleVersions />
    </Page>
  );
}
