import { Alert, Button, Container } from 'react-bootstrap';
import { useNotifications } from '../lib/notifications.tsx';

/**
 * Success and error banners (docs/spec.md §9), in the page's flow under the top bar: they push the
 * screen down instead of lying over its buttons and labels.
 */
export function Banners() {
  const { banners, dismiss } = useNotifications();
  if (banners.length === 0) return null;
  return (
    <Container fluid="xl" className="banners">
      {banners.map((banner) => (
        <Alert
          key={banner.id}
          variant={banner.kind === 'success' ? 'success' : 'danger'}
          dismissible
          onClose={() => dismiss(banner.id)}
          role={banner.kind === 'error' ? 'alert' : 'status'}
          className="shadow-sm mb-2 py-2"
          style={{ whiteSpace: 'pre-line' }}
          data-testid={`banner-${banner.kind}`}
        >
          {banner.text}
          {banner.action && (
            <Button
              size="sm"
              variant="outline-success"
              className="ms-3"
              onClick={() => {
                banner.action?.run();
                dismiss(banner.id);
              }}
            >
              {banner.action.label}
            </Button>
          )}
        </Alert>
      ))}
    </Container>
  );
}
