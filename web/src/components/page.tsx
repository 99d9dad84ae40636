import type { ReactNode } from 'react';
import { Container } from 'react-bootstrap';

/** A screen: a title row with optional actions, then the content. */
export function Page({
  title,
  actions,
  children,
}: {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Container fluid="xl" as="main" className="pb-5">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <h1 className="h3 mb-0">{title}</h1>
        {actions && <div className="d-flex flex-wrap gap-2">{actions}</div>}
      </div>
      {children}
    </Container>
  );
}
