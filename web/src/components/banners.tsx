import { Alert } from 'react-bootstrap';
import { useNotifications } from '../lib/notifications.tsx';

/** Success and error banners, top right, at most 32rem wide (spec §9). */
export function Banners() {
  const { banners, dismiss } = useNotifications();
  return (
    <div
      className="banners position-fixed end-0 p-3"
      style={{ top: '3.5rem', maxWidth: '32rem', zIndex: 1080 }}
    >
      {banners.map((banner) => (
        <Alert
          key={banner.id}
          variant={banner.kind === 'success' ? 'success' : 'danger'}
          dismissible
          onClose={() => dismiss(banner.id)}
          role={banner.kind === 'error' ? 'alert' : 'status'}
          className="shadow-sm mb-2"
          style={{ whiteSpace: 'pre-line' }}
          data-testid={`banner-${banner.kind}`}
        >
          {banner.text}
        </Alert>
      ))}
    </div>
  );
}
