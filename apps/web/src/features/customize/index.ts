import { lazyWithAntd } from '@/app/with-antd';

/**
 * What the custom-design feature offers the others (lint: another feature imports only this
 * file): the buyer's list of demands and how each reads, for 定制记录, and a demand's details.
 */
export { useDemands } from './api/demand-list';
export { DEMAND_STATUS_COLOR, stageNote } from './lib/demand-labels';

/** A demand's details drawer; its code and antd load when it is first opened. */
export const DemandDetailsDrawer = lazyWithAntd(
  () => import('./components/demand-details-drawer'),
  'DemandDetailsDrawer',
);
