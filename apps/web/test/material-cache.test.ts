import type { TMaterial } from '@gemstock/contract';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import {
  LIKED_MATERIALS_KEY,
  findCachedMaterial,
  materialsKey,
  patchMaterialData,
  patchMaterialInCaches,
} from '@/api/material-cache';
import { materialOf } from './factories';

function material(sid: string, over: Partial<TMaterial> = {}): TMaterial {
  return materialOf({ sid, keywords: ['戒指'], authType: [2, 3, 4], width: 1600, height: 1200, likeCount: 5, ...over });
}

describe('patchMaterialData', () => {
  it('patches a single material', () => {
    expect(patchMaterialData(material('a'), 'a', { liked: true, likeCount: 6 })).toMatchObject({
      liked: true,
      likeCount: 6,
    });
  });

  it('patches inside a list and inside infinite pages, leaving others as they were', () => {
    const list = { total: 2, materials: [material('a'), material('b')] };
    const patched = patchMaterialData(list, 'b', { liked: true }) as typeof list;
    expect(patched.materials[1]?.liked).toBe(true);
    expect(patched.materials[0]).toBe(list.materials[0]);
    expect(patched.total).toBe(2);

    const infinite = { pages: [{ materials: [material('a')] }, { materials: [material('c')] }], pageParams: [1, 2] };
    const next = patchMaterialData(infinite, 'c', { likeCount: 9 }) as typeof infinite;
    expect(next.pages[1]?.materials[0]?.likeCount).toBe(9);
    expect(next.pages[0]).toBe(infinite.pages[0]);
    expect(next.pageParams).toBe(infinite.pageParams);
  });

  it('returns the same object when the material is not there', () => {
    const list = { materials: [material('a')] };
    expect(patchMaterialData(list, 'zzz', { liked: true })).toBe(list);
    expect(patchMaterialData(undefined, 'a', { liked: true })).toBeUndefined();
  });

  it('never shows a negative count', () => {
    expect(patchMaterialData(material('a', { likeCount: 0 }), 'a', { likeCount: -1 })).toMatchObject({ likeCount: 0 });
  });
});

describe('patchMaterialInCaches', () => {
  it('updates every cached copy: search pages, detail and the liked list', () => {
    const client = new QueryClient();
    client.setQueryData(materialsKey('u1', 'search', { sort: 'random' }), {
      pages: [{ total: 1, materials: [material('a')] }],
      pageParams: [{ page: 1, seed: null }],
    });
    client.setQueryData(materialsKey('u1', 'detail', 'a'), material('a'));
    client.setQueryData([...LIKED_MATERIALS_KEY, 1], { total: 1, materials: [material('a')] });

    patchMaterialInCaches(client, 'a', { liked: true, likeCount: 6 });

    expect(client.getQueryData<TMaterial>(materialsKey('u1', 'detail', 'a'))?.liked).toBe(true);
    expect(client.getQueryData<{ materials: TMaterial[] }>([...LIKED_MATERIALS_KEY, 1])?.materials[0]?.likeCount).toBe(
      6,
    );
    expect(findCachedMaterial(client, 'a')).toMatchObject({ liked: true, likeCount: 6 });
    expect(findCachedMaterial(client, 'nope')).toBeUndefined();
  });
});
