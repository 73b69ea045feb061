interface PlacementPreviewProps {
  /** The material's watermarked preview (or thumbnail). */
  materialUrl: string | null;
  productUrl: string | null;
  logoUrl: string | null;
  title: string;
  subTitle: string;
}

/**
 * A live sketch, in the browser, of where the buyer's product, logo and copy go on the material:
 * the designer's starting point, not the design. Nothing is uploaded to draw it.
 */
export function PlacementPreview({ materialUrl, productUrl, logoUrl, title, subTitle }: PlacementPreviewProps) {
  return (
    <figure className="gs-placement" aria-label="定制效果示意">
      <div className="gs-placement__stage">
        {materialUrl ? (
          <img className="gs-placement__base" src={materialUrl} alt="所选素材" />
        ) : (
          <div className="gs-placement__base gs-placement__empty" />
        )}
        {productUrl && <img className="gs-placement__product" src={productUrl} alt="您的产品图（示意位置）" />}
        {logoUrl && <img className="gs-placement__logo" src={logoUrl} alt="您的 Logo（示意位置）" />}
        {(title || subTitle) && (
          <div className="gs-placement__copy">
            {title && <div className="gs-placement__title">{title}</div>}
            {subTitle && <div className="gs-placement__subtitle">{subTitle}</div>}
          </div>
        )}
      </div>
      <figcaption>
        <span className="gs-text-secondary">示意图：设计师会按您的产品与品牌重新排版、修图与调色</span>
      </figcaption>
    </figure>
  );
}
