import { Col, Row } from 'react-bootstrap';
import { LoadingScreen } from '../../components/loading.tsx';
import { Page } from '../../components/page.tsx';
import { useMe } from '../../features/auth/api/get-me.ts';
import { useNetwork } from '../../features/trains/api/get-network.ts';
import { useLiveTrains, useTrains } from '../../features/trains/api/list-trains.ts';
import { NetworkMap } from '../../features/trains/components/network-map.tsx';
import { TrainsTable } from '../../features/trains/components/trains-table.tsx';
import { hasRole } from '../../lib/authorization.ts';

/** Where the trains are: the positions AVL systems push, live. */
export default function TrainsRoute() {
  useLiveTrains();
  const trains = useTrains();
  const network = useNetwork();
  const roles = useMe().data?.roles ?? [];
  if (trains.isLoading || network.isLoading) return <LoadingScreen />;
  const list = trains.data ?? [];
  return (
    <Page title="Trains">
      <Row className="g-3">
        <Col lg={5}>
          <TrainsTable trains={list} canEdit={hasRole(roles, 'edit')} />
        </Col>
        <Col lg={7}>{network.data && <NetworkMap network={network.data} trains={list} />}</Col>
      </Row>
    </Page>
  );
}
