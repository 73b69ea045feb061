import { PayWay, type TCartItem, formatYuan, licenceSpec } from '@gemstock/contract';
import { DeleteOutlined, ShoppingOutlined } from '@ant-design/icons';
import {
  Button,
  Checkbox,
  Empty,
  Flex,
  Popconfirm,
  Select,
  Skeleton,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import { type CSSProperties, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { useCart } from '@/api/get-cart';
import { LoadError } from '@/components/load-error';
import { MaterialLine } from '@/components/material-line';
import { PageContainer } from '@/components/page-container';
import { PriceText } from '@/components/price-text';
import { paths } from '@/config/paths';
import { materialLabel, ownedLicenceText, owningLicence, resolveLicencePrice } from '@/lib/material-licence';
import { checkout } from '@/stores/checkout';
import { useCurrentUser } from '@/stores/session';
import { useCartTotal } from '../api/preview-cart-total';
import { useRemoveFromCart } from '../api/remove-from-cart';
import { useSetCartChosen } from '../api/set-cart-chosen';
import { useSetCartLicence } from '../api/set-cart-licence';
import { chosenItems, selectAllState, selectableSids, selectionOf } from '../lib/cart-selection';
import { ScrollTable } from '@/components/scroll-table';

function CartTotal({ items }: { items: TCartItem[] }) {
  const user = useCurrentUser();
  const selection = useMemo(() => selectionOf(items), [items]);
  const isVip = user?.isVip ?? false;
  // a VIP sees the member price the wallet would charge; everyone else the list total
  const total = useCartTotal(selection, isVip ? PayWay.WALLET : null);
  const count = Object.keys(selection).length;

  if (count === 0) return <Typography.Text type="secondary">请选择要结算的素材</Typography.Text>;
  if (total.isError && !total.data) return <Typography.Text type="danger">合计暂不可用，请刷新后重试</Typography.Text>;
  if (!total.data) return <Skeleton.Input active size="small" />;
  return (
    <Flex vertical align="end" style={{ opacity: total.isPlaceholderData ? 0.6 : 1 }} aria-live="polite">
      <span>
        <Typography.Text type="secondary">合计：</Typography.Text>
        <PriceText cents={total.data.price_origin} size="large" />
      </span>
      {isVip && total.data.discount_member > 0 && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          VIP 余额支付会员价 {formatYuan(total.data.price)}
        </Typography.Text>
      )}
    </Flex>
  );
}

/** A cart line's picture, name, size and what the buyer already owns of it. */
function CartMaterial({ item }: { item: TCartItem }) {
  return (
    <MaterialLine material={item} size={72} note={`${item.width}×${item.height}`}>
      {item.disabled && (
        <Tag color="default" style={{ width: 'fit-content' }}>
          已下架，无法购买
        </Tag>
      )}
      {ownedLicenceText(item) && (
        <Tag color={owningLicence(item, item.spec) !== null ? 'warning' : 'green'} style={{ width: 'fit-content' }}>
          {owningLicence(item, item.spec) !== null
            ? `${ownedLicenceText(item)}，无需再次购买该授权`
            : ownedLicenceText(item)}
        </Tag>
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

function RemoveLine({ item, onRemove }: { item: TCartItem; onRemove: (item: TCartItem) => void }) {
  return (
    <Popconfirm title="确定从购物车移除该素材吗？" okText="移除" cancelText="取消" onConfirm={() => onRemove(item)}>
      <Button type="link" danger aria-label={`移除 ${materialLabel(item)}`}>
        删除
      </Button>
    </Popconfirm>
  );
}

/** /cart — login required (spec §2, §4): chosen flags, licence type per line, select-all, remove, total. */
export default function CartPage() {
  const navigate = useNavigate();
  const cart = useCart();
  const choose = useSetCartChosen();
  const remove = useRemoveFromCart();
  const setLicence = useSetCartLicence();
  const items = useMemo(() => cart.data?.materials ?? [], [cart.data]);
  const chosen = chosenItems(items);
  const all = selectAllState(items);

  const onCheckout = () => {
    checkout.buyMaterials(chosen.map((i) => ({ sid: i.sid, spec: i.spec, title: materialLabel(i), format: i.format })));
  };

  const changeLicence = (item: TCartItem, spec: number) => setLicence.mutate({ material: item.sid, spec });
  const removeOne = (item: TCartItem) => remove.mutate({ materials: [item.sid] });

  const columns: TableColumnsType<TCartItem> = [
    { title: '素材', key: 'material', render: (_, item) => <CartMaterial item={item} /> },
    {
      title: '授权类型',
      key: 'spec',
      width: 240,
      render: (_, item) => <LicenceSelect item={item} onChange={changeLicence} style={{ width: 220 }} />,
    },
    {
      title: '单价',
      key: 'price',
      width: 140,
      align: 'right',
      render: (_, item) => <PriceText cents={item.unitPrice} />,
    },
    {
      title: '操作',
      key: 'actions',
      width: 90,
      align: 'center',
      render: (_, item) => <RemoveLine item={item} onRemove={removeOne} />,
    },
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
            <Button type="primary" icon={<ShoppingOutlined />} onClick={() => navigate(paths.home)}>
              去逛逛
            </Button>
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
          <li className="gs-line-card">
            <Skeleton active avatar paragraph={{ rows: 2 }} />
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
              <RemoveLine item={item} onRemove={removeOne} />
            </div>
          </li>
        ))}
      </ul>
      <div className="gs-card gs-hide-phone" style={{ padding: 8 }}>
        <ScrollTable<TCartItem>
          regionLabel="购物车素材列表"
          rowKey="sid"
          loading={cart.isPending}
          columns={columns}
          dataSource={items}
          pagination={false}
          scroll={{ x: 760 }}
          rowClassName={(item) => (item.disabled ? 'gs-cart-row is-disabled' : 'gs-cart-row')}
          rowSelection={{
            selectedRowKeys: chosen.map((i) => i.sid),
            getCheckboxProps: (item) => ({ disabled: item.disabled, 'aria-label': `选择 ${materialLabel(item)}` }),
            // antd names this box "Select all" whatever the locale
            getTitleCheckboxProps: () => ({ 'aria-label': '选择全部素材' }),
            onSelect: (item, selected) => choose.mutate({ materials: [item.sid], chosen: selected }),
            onSelectAll: (selected) => {
              if (selectable.length > 0) choose.mutate({ materials: selectable, chosen: selected });
            },
          }}
        />
      </div>
      <div className="gs-card gs-cart-bar" role="region" aria-label="结算">
        <Flex align="center" gap={16} wrap>
          <Checkbox
            checked={all.checked}
            indeterminate={all.indeterminate}
            disabled={selectable.length === 0}
            onChange={(e) => choose.mutate({ materials: selectable, chosen: e.target.checked })}
          >
            全选
          </Checkbox>
          <Popconfirm
            title={`确定移除选中的 ${chosen.length} 件素材吗？`}
            okText="移除"
            cancelText="取消"
            disabled={chosen.length === 0}
            onConfirm={() => remove.mutate({ materials: chosen.map((i) => i.sid) })}
          >
            <Button type="text" icon={<DeleteOutlined />} disabled={chosen.length === 0}>
              删除选中
            </Button>
          </Popconfirm>
        </Flex>
        <Flex align="center" gap={24} wrap justify="end">
          <Typography.Text>
            已选 <Typography.Text strong>{chosen.length}</Typography.Text> 件
          </Typography.Text>
          <CartTotal items={items} />
          <Button
            type="primary"
            size="large"
            disabled={chosen.length === 0 || choose.isPending || setLicence.isPending}
            onClick={onCheckout}
            style={{ minWidth: 120 }}
          >
            结算
          </Button>
        </Flex>
      </div>
    </PageContainer>
  );
}
