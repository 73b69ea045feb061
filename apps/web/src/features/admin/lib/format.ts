import { type LicenceType, type TAdminOrder, licenceSpec } from '@gemstock/contract';

/** 1536 → "1.5 KB", 52428800 → "50 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value >= 100 || Number.isInteger(value) ? Math.round(value) : value.toFixed(1)} ${units[unit]}`;
}

/** 8000 → "0:08", 3725000 → "1:02:05". */
export function formatDuration(ms: number): string {
  const total = Math.round(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const mm = h > 0 ? String(m).padStart(2, '0') : String(m);
  return `${h > 0 ? `${h}:` : ''}${mm}:${String(s).padStart(2, '0')}`;
}

/** 100000000 → "1 亿", 24000000 → "2400 万". */
export function formatPixels(pixels: number): string {
  if (pixels >= 1e8) return `${Number((pixels / 1e8).toFixed(1))} 亿`;
  return `${Math.round(pixels / 1e4)} 万`;
}

/** The licence name without the trailing 授权, for compact tags: 扩展, 标准, 新媒体, 高级定制. */
export function licenceShortName(type: LicenceType): string {
  return licenceSpec(type).name.replace(/授权$/, '');
}

/** How an operator names a buyer: the username, else the e-mail or mobile, else the account id. */
export function buyerName(buyer: TAdminOrder['buyer']): string {
  return buyer.username ?? buyer.email ?? buyer.mobile ?? buyer.sid;
}
