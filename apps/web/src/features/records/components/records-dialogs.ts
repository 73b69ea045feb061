import { lazyWithAntd } from '@/app/with-antd';

/*
 * What the records lists open, each loaded with antd's scope on first use. The lists reach these
 * through one more lazy step (`lazyDialog`), so the list of antd's files to preload is in this
 * chunk, not in the lists' first-paint code.
 */
export const RejectOrderDialog = lazyWithAntd(() => import('./reject-order-dialog'), 'RejectOrderDialog');
export const CancelOrderConfirm = lazyWithAntd(() => import('./cancel-order-confirm'), 'CancelOrderConfirm');
export const InvoiceDialog = lazyWithAntd(() => import('./invoice-dialog'), 'InvoiceDialog');
export const ChannelCutDialog = lazyWithAntd(() => import('./channel-cut-dialog'), 'ChannelCutDialog');
