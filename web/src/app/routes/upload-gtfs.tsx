import { Link } from 'react-router-dom';
import { Page } from '../../components/page.tsx';
import { paths } from '../../config/paths.ts';
import { UploadForm } from '../../features/schedule/components/upload-form.tsx';

export default function UploadGtfsRoute() {
  return (
    <Page
      title="Upload schedule"
      actions={
        <Link to={paths.home.getHref()} className="btn btn-link">
          ← Go back
        </Link>
      }
    >
      <UploadForm />
    </Page>
  );
}
