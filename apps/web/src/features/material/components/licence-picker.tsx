import type { LicenceType } from '@gemstock/contract';
import { ChoiceGroup } from '@/components/ui/choice-group';
import { Tag } from '@/components/ui/feedback';
import type { LicenceOption } from '@/lib/material-licence';
import { LicencePriceText } from './licence-price';

interface LicencePickerProps {
  options: LicenceOption[];
  value: LicenceType | null;
  onChange: (type: LicenceType) => void;
}

/**
 * The licence table of spec §3 for one material (the image or the video table): use, size rule,
 * what the licence delivers and price per type.
 * Types the material is too small for stay visible, disabled, with the reason.
 */
export function LicencePicker({ options, value, onChange }: LicencePickerProps) {
  return (
    <ChoiceGroup
      look="cards"
      className="gs-licence-picker"
      label="选择授权类型"
      value={value}
      onChange={onChange}
      choices={options.map(({ spec, available, reason, price }) => ({
        value: spec.type,
        disabled: !available,
        className: 'gs-licence-option',
        label: (
          <span className="gs-licence-option__body">
            <span className="gs-licence-option__main">
              <span className="gs-licence-option__name">{spec.name}</span>
              <span className="gs-licence-option__use">{spec.use}</span>
              <span className="gs-licence-option__req">{spec.requirement}</span>
              {spec.note && <span className="gs-licence-option__note">{spec.note}</span>}
              {reason && <span className="gs-licence-option__reason">{reason}</span>}
            </span>
            <span className="gs-licence-option__price">
              {available ? (
                <>
                  {price.promoCents !== null && (
                    <Tag color="red-solid" className="gs-promo-tag">
                      特惠
                    </Tag>
                  )}
                  <LicencePriceText price={price} />
                </>
              ) : (
                <span className="gs-licence-option__na">不可选</span>
              )}
            </span>
          </span>
        ),
      }))}
    />
  );
}
