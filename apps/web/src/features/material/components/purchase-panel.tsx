import { HeartFilled, HeartOutlined, ShoppingCartOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { type LicenceType, type TMaterial, licenceSpec } from '@gemstock/contract';
import { Button, Descriptions, Flex, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useMaterialLike } from '@/api/toggle-material-like';
import { currentAppPath } from '@/lib/navigation';
import { notify } from '@/lib/notify';
import { resolveLicencePrice } from '@/lib/material-licence';
import { dialogs } from '@/stores/dialogs';
import { useIsLoggedIn, useSession } from '@/stores/session';
import { useAddToCart } from '../api/add-to-cart';
import { LicencePriceText } from './licence-price';

export const CART_COMING_SOON = '购物车功能即将上线，敬请期待';
export const CHECKOUT_COMING_SOON = '在线下单即将上线，敬请期待';

interface PurchasePanelProps {
  material: TMaterial;
  licence: LicenceType | null;
}

/** The chosen licence's price, like, add to cart and buy now. */
export function PurchasePanel({ material, licence }: PurchasePanelProps) {
  const isLoggedIn = useIsLoggedIn();
  const like = useMaterialLike(material);
  const addToCart = useAddToCart();
  const [isBuyOpen, setBuyOpen] = useState(false);
  const price = licence !== null ? resolveLicencePrice(material, licence) : null;

  /** Spec §4: acting without login opens the login dialog and comes back here afterwards. */
  const ensureLoggedIn = (): boolean => {
    if (isLoggedIn) return true;
    dialogs.openLogin({ kind: 'navigate', to: currentAppPath() });
    return false;
  };

  const onAddToCart = () => {
    if (licence === null || !ensureLoggedIn()) return;
    addToCart.mutate(
      { material: material.sid, spec: licence },
      {
        onSuccess: (outcome) => {
          if (outcome.status === 'unavailable') {
            notify.info(CART_COMING_SOON);
            return;
          }
          if (outcome.count !== null) useSession.getState().setCartCount(outcome.count);
          notify.success('已添加至购物车');
        },
      },
    );
  };

  const onBuy = () => {
    if (licence === null || !ensureLoggedIn()) return;
    setBuyOpen(true);
  };

  return (
    <div className="gs-purchase">
      <div className="gs-purchase__total">
        <Typography.Text type="secondary">
          {licence !== null ? `已选：${licenceSpec(licence).name}` : '该素材暂无可选授权'}
        </Typography.Text>
        {price && <LicencePriceText price={price} size="large" />}
      </div>
      <Flex gap={12} wrap>
        <Button
          size="large"
          icon={<ShoppingCartOutlined />}
          disabled={licence === null}
          loading={addToCart.isPending}
          onClick={onAddToCart}
        >
          加入购物车
        </Button>
        <Button type="primary" size="large" icon={<ThunderboltOutlined />} disabled={licence === null} onClick={onBuy}>
          立即购买
        </Button>
        <Button
          size="large"
          className={`gs-like-button${like.liked ? ' is-liked' : ''}`}
          icon={like.liked ? <HeartFilled /> : <HeartOutlined />}
          aria-pressed={like.liked}
          onClick={like.toggle}
        >
          {like.liked ? '已喜欢' : '喜欢'} {like.likeCount}
        </Button>
      </Flex>

      {licence !== null && price && (
        <Modal
          open={isBuyOpen}
          title="确认购买授权"
          okText="去结算"
          cancelText="再看看"
          onCancel={() => setBuyOpen(false)}
          onOk={() => {
            setBuyOpen(false);
            notify.info(CHECKOUT_COMING_SOON);
          }}
          destroyOnHidden
          width={480}
        >
          <Descriptions
            column={1}
            size="small"
            style={{ marginTop: 12 }}
            items={[
              { key: 'sid', label: '素材编号', children: material.sid },
              { key: 'licence', label: '授权类型', children: licenceSpec(licence).name },
              { key: 'use', label: '授权用途', children: licenceSpec(licence).use },
              {
                key: 'price',
                label: '价格',
                children: <LicencePriceText price={price} />,
              },
            ]}
          />
          <Typography.Paragraph type="secondary" style={{ margin: '12px 0 0' }}>
            如需其他用途，请关闭后在详情页更换授权类型。会员折扣与优惠券将在结算时计算。
          </Typography.Paragraph>
        </Modal>
      )}
    </div>
  );
}
