import { Spinner } from 'react-bootstrap';

export function LoadingScreen({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="d-flex justify-content-center align-items-center py-5 text-body-secondary gap-2">
      <Spinner animation="border" size="sm" role="status" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
