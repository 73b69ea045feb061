import { PayWay, type TCartItem, formatYuan, licenceSpec } from '@gemstock/contract';
import { type CSSProperties, useMemo, useState } from 'react';
import { useCart } from '@/api/get-cart';
import { LoadError } from '@/components/load-error';
import { MaterialLine } from '@/components/material-line';
import { PageContainer } from '@/components/page-container';
import { PriceText } from '@/components/price-text';
import { Button, ButtonLink } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Empty, SkeletonBlock, SkeletonText, Tag } from '@/components/ui/feedback';
import { Icon } from '@/components/ui/icon';
import { DeleteOutlined } from '@/components/ui/icon-paths';
import { ShoppingOutlined } from '../icon-paths';
import { Select } from '@/components/ui/select';
import { Sheet } from '@/components/ui/sheet';
import { Table, type TableColumn } from '@/components/ui/table';
import { paths } from '@/config/paths';
import { materialLabel, ownedLicenceText, owningLicence, resolveLicencePrice } from '@/lib/material-licence';
import { checkout } from '@/stores/checkout';
import { useCurrentUser } from '@/stores/session';
import { useCartTotal } from '../api/preview-cart-total';
import { useRemoveFromCart } from '../api/remove-from-cart';
import { useSetCartChosen } from '../api/set-cart-chosen';
import { useSetCartLicence } from '../api/set-cart-licence';
import { chosenItems, selectAllState, selectableSids, selectionOf } from '../lib/cart-selection';
import './cart-page.css';

function CartTotal({ items }: { items: TCartItem[] }) {
  const user = useCurrentUser();
  const selection = useMemo(() => selectionOf(items), [items]);
  const isVip = user?.isVip ?? false;
  // a VIP sees the member price the wallet would charge; everyone else the list total
  const total = useCartTotal(selection, isVip ? PayWay.WALLET : null);
  const count = Object.keys(selection).length;

  if (count === 0) return <span className="gs-text-secondary">请选择要结算的素材</span>;
  if (total.isError && !total.data) return <span className="gs-text-danger">合计暂不可用，请刷新后重试</span>;
  if (!total.data) return <SkeletonBlock className="gs-cart-total__placeholder" />;
  return (
    <div className="gs-cart-total" style={{ opacity: total.isPlaceholderData ? 0.6 : 1 }} aria-live="polite">
      <span>
        <span className="gs-text-secondary">合计：</span>
        <PriceText cents={total.data.price_origin} size="large" />
      </span>
      {isVip && total.data.discount_member > 0 && (
        <span className="gs-text-secondary gs-cart-total__member">
          VIP 余额支付会员价 {formatYuan(total.data.price)}
        </span>
      )}
    </div>
  );
}

/** A cart line's picture, name, size and what the buyer already owns of it. */
function CartMaterial({ item }: { item: TCartItem }) {
  const owned = ownedLicenceText(item);
  const ownsThisOne = owningLicence(item, item.spec) !== null;
  return (
    <MaterialLine material={item} size={72} note={`${item.width}×${item.height}`}>
      {item.disabled && <Tag color="default">已下架，无法购买</Tag>}
      {owned && (
        <Tag color={ownsThisOne ? 'gold' : 'green'}>{ownsThisOne ? `${owned}，无需再次购买该授权` : owned}</Tag>
      )}
    </MaterialLine>
  );
}

function LicenceSelect({
  item,
  onChange,
  style,
}: {
  item: TCartItem;
  onChange: (item: TCartItem, spec: number) => void;
  style?: CSSProperties;
}) {
  return (
    <Select<number>
      aria-label={`授权类型：${materialLabel(item)}`}
      value={item.spec}
      disabled={item.disabled}
      style={style}
      onChange={(spec) => onChange(item, spec)}
      options={item.authType.map((type) => ({
        value: type,
        label: `${licenceSpec(type).name}（${formatYuan(resolveLicencePrice(item, type).payCents)}）`,
      }))}
    />
  );
}

/** What a removal asks before it is done: the question and the lines it removes. */
interface Removal {
  question: string;
  sids: string[];
}

/** /cart — login required (spec §2, §4): chosen flags, licence type per line, select-all, remove, total. */
export default function CartPage() {
  const cart = useCart();
  const choose = useSetCartChosen();
  const remove = useRemoveFromCart();
  const setLicence = useSetCartLicence();
  const [removal, setRemoval] = useState<Removal | null>(null);
  const items = useMemo(() => cart.data?.materials ?? [], [cart.data]);
  const chosen = chosenItems(items);
  const all = selectAllState(items);

  const onCheckout = () => {
    checkout.buyMaterials(chosen.map((i) => ({ sid: i.sid, spec: i.spec, title: materialLabel(i), format: i.format })));
  };

  const changeLicence = (item: TCartItem, spec: number) => setLicence.mutate({ material: item.sid, spec });
  const askRemoveOne = (item: TCartItem) =>
    setRemoval({ question: `确定从购物车移除「${materialLabel(item)}」吗？`, sids: [item.sid] });
  const confirmRemoval = () => {
    if (removal) remove.mutate({ materials: removal.sids });
    setRemoval(null);
  };

  const removeButton = (item: TCartItem) => (
    <Button
      kind="link"
      className="gs-cart-remove"
      aria-label={`移除 ${materialLabel(item)}`}
      onClick={() => askRemoveOne(item)}
    >
      删除
    </Button>
  );

  const columns: TableColumn<TCartItem>[] = [
    { key: 'material', title: '素材', render: (item) => <CartMaterial item={item} /> },
    {
      key: 'spec',
      title: '授权类型',
      width: 240,
      render: (item) => <LicenceSelect item={item} onChange={changeLicence} style={{ width: 220 }} />,
    },
    {
      key: 'price',
      title: '单价',
      width: 140,
      align: 'right',
      render: (item) => <PriceText cents={item.unitPrice} />,
    },
    { key: 'actions', title: '操作', width: 90, align: 'center', render: removeButton },
  ];

  if (cart.isError) {
    return (
      <PageContainer title="购物车">
        <LoadError
          title="购物车加载失败"
          error={cart.error}
          onRetry={() => void cart.refetch()}
          isRetrying={cart.isFetching}
        />
      </PageContainer>
    );
  }

  if (cart.isSuccess && items.length === 0) {
    return (
      <PageContainer title="购物车">
        <div className="gs-card" style={{ padding: '48px 24px' }}>
          <Empty description="购物车还是空的，去挑选心仪的素材吧">
            <ButtonLink kind="primary" icon={<Icon icon={ShoppingOutlined} />} to={paths.home}>
              去逛逛
            </ButtonLink>
          </Empty>
        </div>
      </PageContainer>
    );
  }

  const selectable = selectableSids(items);

  return (
    <PageContainer title="购物车" subTitle={cart.isSuccess ? `共 ${items.length} 件素材` : undefined}>
      {/* phones: one card per line instead of a table to scroll sideways */}
      <ul className="gs-show-phone gs-line-cards" aria-label="购物车素材列表">
        {cart.isPending && (
          <li className="gs-line-card gs-line-card--stacked">
            <SkeletonText rows={2} />
          </li>
        )}
        {items.map((item) => (
          <li key={item.sid} className={`gs-line-card${item.disabled ? ' is-disabled' : ''}`}>
            <Checkbox
              checked={item.chosen && !item.disabled}
              disabled={item.disabled}
              aria-label={`选择 ${materialLabel(item)}`}
              onChange={(e) => choose.mutate({ materials: [item.sid], chosen: e.target.checked })}
            />
            <CartMaterial item={item} />
            <div className="gs-line-card__foot">
              <LicenceSelect item={item} onChange={changeLicence} style={{ flex: 1, minWidth: 0 }} />
              <PriceText cents={item.unitPrice} />
              {removeButton(item)}
            </div>
          </li>
        ))}
      </ul>
      <div className="gs-card gs-hide-phone" style={{ padding: 8 }}>
        <Table<TCartItem>
          label="购物车素材列表"
          rowKey="sid"
          loading={cart.isPending}
          columns={columns}
          rows={items}
          minWidth={760}
          rowClassName={(item) => (item.disabled ? 'gs-cart-row is-disabled' : 'gs-cart-row')}
          selection={{
            selectedKeys: chosen.map((i) => i.sid),
            isDisabled: (item) => item.disabled,
            rowLabel: (item) => `选择 ${materialLabel(item)}`,
            allLabel: '选择全部素材',
            onSelect: (item, selected) => choose.mutate({ materials: [item.sid], chosen: selected }),
            onSelectAll: (selected) => {
              if (selectable.length > 0) choose.mutate({ materials: selectable, chosen: selected });
            },
          }}
        />
      </div>
      <div className="gs-card gs-cart-bar" role="region" aria-label="结算">
        <div className="gs-cart-bar__group">
          <Checkbox
            checked={all.checked}
            indeterminate={all.indeterminate}
            disabled={selectable.length === 0}
            onChange={(e) => choose.mutate({ materials: selectable, chosen: e.target.checked })}
          >
            全选
          </Checkbox>
          <Button
            kind="text"
            icon={<Icon icon={DeleteOutlined} />}
            disabled={chosen.length === 0}
            onClick={() =>
              setRemoval({ question: `确定移除选中的 ${chosen.length} 件素材吗？`, sids: chosen.map((i) => i.sid) })
            }
          >
            删除选中
          </Button>
        </div>
        <div className="gs-cart-bar__group gs-cart-bar__group--end">
          <span>
            已选 <strong>{chosen.length}</strong> 件
          </span>
          <CartTotal items={items} />
          <Button
            kind="primary"
            size="large"
            disabled={chosen.length === 0 || choose.isPending || setLicence.isPending}
            onClick={onCheckout}
            style={{ minWidth: 120 }}
          >
            结算
          </Button>
        </div>
      </div>
      <Sheet
        open={removal !== null}
        placement="center"
        title="移除素材"
        className="gs-cart-confirm"
        onClose={() => setRemoval(null)}
        footer={
          <>
            <Button onClick={() => setRemoval(null)}>取消</Button>
            <Button kind="primary" className="gs-btn--danger" onClick={confirmRemoval}>
              移除
            </Button>
          </>
        }
      >
        <p className="gs-cart-confirm__question">{removal?.question}</p>
      </Sheet>
    </PageContainer>
  );
}
