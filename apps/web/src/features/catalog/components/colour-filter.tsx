import { useId } from 'react';
import { COLOUR_SWATCHES, colourLabel } from '../lib/colour-swatches';

interface ColourFilterProps {
  /** Six lower-case hexadecimal digits, or null. */
  value: string | null;
  onChange: (value: string | null) => void;
}

/**
 * 颜色: a dozen swatches and a picker for any other colour (the browser's own, so it costs no
 * script). One colour at a time; choosing the chosen swatch again, or the tag's ×, clears it.
 */
export function ColourFilter({ value, onChange }: ColourFilterProps) {
  const id = useId();
  return (
    <div className="gs-filter gs-facet gs-colour-filter">
      <span className="gs-filter__label" id={id}>
        颜色
      </span>
      <div className="gs-facet__values" role="group" aria-labelledby={id}>
        {COLOUR_SWATCHES.map((swatch) => {
          const isChosen = value === swatch.value;
          return (
            <button
              key={swatch.value}
              type="button"
              className={`gs-colour-swatch${isChosen ? ' is-active' : ''}`}
              style={{ background: `#${swatch.value}` }}
              aria-pressed={isChosen}
              aria-label={swatch.label}
              title={swatch.label}
              onClick={() => onChange(isChosen ? null : swatch.value)}
            />
          );
        })}
        <label className="gs-colour-picker" title="自定义颜色">
          <input
            type="color"
            aria-label="自定义颜色"
            value={`#${value ?? 'd4af37'}`}
            onChange={(e) => onChange(e.target.value.replace(/^#/, '').toLowerCase())}
          />
          <span>自定义</span>
        </label>
        {value && (
          <button
            type="button"
            className="gs-colour-tag"
            aria-label={`移除颜色筛选：${colourLabel(value)}`}
            onClick={() => onChange(null)}
          >
            <span className="gs-colour-tag__dot" style={{ background: `#${value}` }} aria-hidden="true" />
            颜色：{colourLabel(value)}
            <span aria-hidden="true"> ×</span>
          </button>
        )}
      </div>
    </div>
  );
}
