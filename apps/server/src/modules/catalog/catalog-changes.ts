/**
 * Tells the buyer-side search that what buyers can find has changed (a material became visible,
 * was hidden or re-keyworded), so its in-process caches are dropped at once instead of expiring.
 * Only this process hears it; other servers catch up within the caches' TTLs
 * (docs/decisions/0004-catalogue-search.md).
 */
export class CatalogChanges {
  private readonly listeners: (() => void)[] = [];

  onChange(listener: () => void): void {
    this.listeners.push(listener);
  }

  notify(): void {
    for (const listener of this.listeners) listener();
  }
}
