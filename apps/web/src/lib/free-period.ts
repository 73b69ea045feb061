/** An ISO time of the free window as local "2026/12/19 06:45"; '' when unreadable. */
export function freeUntilText(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  // by hand rather than with Intl.DateTimeFormat, whose first use loads locale data while the
  // page is starting
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}/${pad(date.getMonth() + 1)}/${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
