import { isPublicKey, type Storage } from './storage.js';

/** A storage key's browser URL: public keys only, null for anything else (above all an original). */
export type PublicUrlOf = (key: string | null) => string | null;

/**
 * The one place a storage key becomes a browser URL: public keys through the storage adapter
 * (local `/media/…` or a CDN/bucket URL); anything else, above all an original, never.
 */
export function publicUrlOfStorage(storage: Storage): PublicUrlOf {
  // A key names one immutable object (keys.ts), so its URL never changes: remember the last
  // many instead of validating and building them again for every listing.
  const known = new Map<string, string | null>();
  return (key) => {
    if (!key) return null;
    let url = known.get(key);
    if (url === undefined) {
      url = isPublicKey(key) ? storage.publicUrl(key) : null;
      if (known.size >= 100_000) known.clear();
      known.set(key, url);
    }
    return url;
  };
}
