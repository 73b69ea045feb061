import { ADMIN_PAGE_SIZE_DEFAULT } from '@gemstock/contract';
import { useSearchParams } from 'react-router';

export type AddressUpdate = Partial<Record<string, string | number | undefined>>;

/** A value from the address only when the contract knows it, so a stale link cannot 1001. */
export function oneOf<T extends string>(values: readonly T[], raw: string | null): T | undefined {
  return values.find((v) => v === raw);
}

/**
 * A console list's filters and page live in the address, so a reload or a shared link shows
 * the same page. Returns the current parameters, the page and page size read from them, and an
 * update that merges values (empty ones are removed) and goes back to page 1 when one of
 * `filterKeys` changes (every key but `page` when not given).
 */
export function useAddressQuery(filterKeys?: readonly string[]) {
  const [params, setParams] = useSearchParams();
  const paging = {
    page: Number(params.get('page') ?? 1) || 1,
    page_size: Number(params.get('page_size') ?? ADMIN_PAGE_SIZE_DEFAULT) || ADMIN_PAGE_SIZE_DEFAULT,
  };
  const update = (next: AddressUpdate) => {
    setParams(
      (current) => {
        const merged = new URLSearchParams(current);
        for (const [key, value] of Object.entries(next)) {
          if (value === undefined || value === '') merged.delete(key);
          else merged.set(key, String(value));
        }
        const restartsPaging = filterKeys ? filterKeys.some((key) => key in next) : !('page' in next);
        if (restartsPaging) merged.delete('page');
        return merged;
      },
      { replace: true },
    );
  };
  return { params, paging, update };
}
