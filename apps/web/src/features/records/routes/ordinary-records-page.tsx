import { OrderType } from '@gemstock/contract';
import { Suspense, lazy, useState } from 'react';
import { ChoiceGroup } from '@/components/ui/choice-group';
import { SkeletonText } from '@/components/ui/feedback';
import { BrowseMaterialsLink } from '../components/browse-link';
import { OrderList } from '../components/order-list';

// the page opens on the orders: the licences' list (its table) loads when it is chosen
const PurchasedMaterials = lazy(async () => ({
  default: (await import('../components/purchased-materials')).PurchasedMaterials,
}));

type View = 'orders' | 'materials';

/** /record/ordinary — material purchases: the orders, and every licensed material with its certificate. */
export default function OrdinaryRecordsPage() {
  const [view, setView] = useState<View>('orders');
  const [page, setPage] = useState(1);
  return (
    <>
      <ChoiceGroup<View>
        look="buttons"
        label="查看方式"
        value={view}
        onChange={setView}
        choices={[
          { value: 'orders', label: '购买订单' },
          { value: 'materials', label: '已购素材' },
        ]}
        className="gs-record-views"
      />
      {view === 'orders' ? (
        <OrderList
          query={{ type: OrderType.MATERIAL }}
          page={page}
          onPageChange={setPage}
          empty="暂无素材购买记录，购买授权后可在这里下载原图与授权证书"
          emptyAction={<BrowseMaterialsLink />}
        />
      ) : (
        <Suspense fallback={<SkeletonText rows={4} />}>
          <PurchasedMaterials />
        </Suspense>
      )}
    </>
  );
}
