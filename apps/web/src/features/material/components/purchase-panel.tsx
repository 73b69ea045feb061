import {
  BgColorsOutlined,
  HeartFilled,
  HeartOutlined,
  ShoppingCartOutlined,
  ThunderboltOutlined,
} from '@/components/ui/icon-paths';
import { type LicenceType, type TMaterial, licenceSpec } from '@gemstock/contract';
import { useNavigate } from 'react-router';
import { useMaterialLike } from '@/api/toggle-material-like';
import { AddToBoardButton } from '@/features/board';
import { Button } from '@/components/ui/button';
import { Alert } from '@/components/ui/feedback';
import { Icon } from '@/components/ui/icon';
import { paths } from '@/config/paths';
import { materialLabel, owningLicence, resolveLicencePrice } from '@/lib/material-licence';
import { checkout } from '@/stores/checkout';
import { type AfterLogin, dialogs } from '@/stores/dialogs';
import { useIsLoggedIn } from '@/stores/session';
import { reportAddToCart, useAddToCart } from '../api/add-to-cart';
import { LicencePriceText } from './licence-price';

interface PurchasePanelProps {
  material: TMaterial;
  licence: LicenceType | null;
}

/** The chosen licence's price, like, add to cart and buy now. */
export function PurchasePanel({ material, licence }: PurchasePanelProps) {
  const isLoggedIn = useIsLoggedIn();
  const like = useMaterialLike(material);
  const navigate = useNavigate();
  const addToCart = useAddToCart();
  const price = licence !== null ? resolveLicencePrice(material, licence) : null;
  // The company holds this licence (or a wider one): buying it again is refused by the server.
  const owning = licence !== null ? owningLicence(material, licence) : null;

  /**
   * Spec §4: acting without login opens the login dialog; signing in (or registering) there
   * carries on with the action that asked for it.
   */
  const ensureLoggedIn = (then: AfterLogin): boolean => {
    if (isLoggedIn) return true;
    dialogs.openLogin(then);
    return false;
  };

  const onAddToCart = () => {
    if (licence === null) return;
    const body = { material: material.sid, spec: licence };
    if (!ensureLoggedIn({ kind: 'addToCart', ...body })) return;
    addToCart.mutate(body, { onSuccess: reportAddToCart });
  };

  /** 定制: the customization page for this material (after the login, when it is asked). */
  const onCustomize = () => {
    const to = `${paths.customize}?material=${encodeURIComponent(material.sid)}`;
    if (!ensureLoggedIn({ kind: 'navigate', to })) return;
    void navigate(to);
  };

  /** Buy now: straight into checkout (company if missing → licence agreement → order drawer). */
  const onBuy = () => {
    if (licence === null) return;
    const lines = [{ sid: material.sid, spec: licence, title: materialLabel(material), format: material.format }];
    if (!ensureLoggedIn({ kind: 'buy', lines })) return;
    checkout.buyMaterials(lines);
  };

  return (
    <div className="gs-purchase">
      <div className="gs-purchase__total">
        <span className="gs-text-secondary">
          {licence !== null ? `已选：${licenceSpec(licence).name}` : '该素材暂无可选授权'}
        </span>
        {price && <LicencePriceText price={price} size="large" />}
      </div>
      {owning !== null && (
        <Alert type="success" className="gs-purchase__owned">
          {`您的公司已购买该素材的${licenceSpec(owning).name}，可在“我的素材”中下载，无需重复购买`}
        </Alert>
      )}
      <div className="gs-purchase__actions">
        <Button
          size="large"
          icon={<Icon icon={ShoppingCartOutlined} />}
          disabled={licence === null || owning !== null}
          loading={addToCart.isPending}
          onClick={onAddToCart}
        >
          加入购物车
        </Button>
        <Button
          kind="primary"
          size="large"
          icon={<Icon icon={ThunderboltOutlined} />}
          disabled={licence === null || owning !== null}
          onClick={onBuy}
        >
          立即购买
        </Button>
        <Button size="large" icon={<Icon icon={BgColorsOutlined} />} onClick={onCustomize} disabled={material.disabled}>
          定制
        </Button>
        <Button
          size="large"
          className={`gs-like-button${like.liked ? ' is-liked' : ''}`}
          icon={<Icon icon={like.liked ? HeartFilled : HeartOutlined} />}
          aria-pressed={like.liked}
          onClick={like.toggle}
        >
          {like.liked ? '已喜欢' : '喜欢'} {like.likeCount}
        </Button>
        <AddToBoardButton material={material.sid} spec={licence} disabled={material.disabled} />
      </div>
    </div>
  );
}
