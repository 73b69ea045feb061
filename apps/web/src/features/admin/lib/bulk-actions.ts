/** The bulk changes the materials list offers, in its 批量操作 menu's order. */
export const BULK_ACTIONS = [
  { key: 'enable', label: '上架' },
  { key: 'disable', label: '下架' },
  { key: 'feature', label: '设为精选' },
  { key: 'unfeature', label: '取消精选' },
  { key: 'prices', label: '修改价格' },
  { key: 'free', label: '设置免费期' },
  { key: 'keywords', label: '修改关键词' },
  { key: 'facets', label: '设置属性' },
] as const;
export type BulkActionKey = (typeof BULK_ACTIONS)[number]['key'];
