import { notify } from '@/lib/notify';
import { Button } from './ui/button';
import { Icon } from './ui/icon';
import { CopyOutlined } from './ui/icon-paths-later';
import './copyable-code.css';

/** Copies text to the clipboard, falling back to a hidden textarea where the API is missing. */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    /* fall through to the legacy way */
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

interface CopyableCodeProps {
  code: string;
  /** Text of the copy button. */
  copyLabel?: string;
  size?: 'small' | 'middle' | 'large';
}

/**
 * A code (coupon, transfer account) with a copy action that toasts 复制成功 (spec §8). Plain
 * elements with antd's look (Typography code beside a compact Button), so the dev outbox, which
 * loads no antd, can show it too.
 */
export function CopyableCode({ code, copyLabel = '复制', size = 'middle' }: CopyableCodeProps) {
  const onCopy = async () => {
    if (await copyText(code)) notify.success('复制成功');
    else notify.error('复制失败，请手动选择复制');
  };
  return (
    <span className={`gs-copyable${size === 'large' ? ' gs-copyable--large' : ''}`}>
      <code className="gs-copyable__code">{code}</code>
      <Button size={size} icon={<Icon icon={CopyOutlined} />} onClick={onCopy} aria-label={`${copyLabel} ${code}`}>
        {copyLabel}
      </Button>
    </span>
  );
}
