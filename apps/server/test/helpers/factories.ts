import { qualifyingLicenceTypes } from '@gemstock/contract';
import { materials, users } from '../../src/db/schema/index.js';
import { newSid } from '../../src/lib/ids.js';
import { paletteCells } from '../../src/media/colour-palette.js';
import { searchTokensFor } from '../../src/modules/search/search-tokens.js';
import type { TestApp } from './test-app.js';

/**
 * Rows made directly in the database, for tests that need buyers or a catalogue but are not
 * about how those are made (registration and upload have their own tests).
 */

export interface TestBuyer {
  sid: string;
  token: string;
}

let counter = 0;

/** A buyer account with a signed token; no password login is possible for it. */
export async function createBuyer(t: TestApp, values: Partial<typeof users.$inferInsert> = {}): Promise<TestBuyer> {
  counter += 1;
  const sid = newSid();
  await t.database.db.insert(users).values({
    sid,
    email: `factory-${counter}-${sid}@example.com`,
    passwordHash: 'not-a-real-hash',
    ...values,
  });
  return { sid, token: await t.app.deps.tokens.sign('buyer', { sub: sid, tv: 0 }) };
}

export type MaterialValues = Partial<typeof materials.$inferInsert> & { keywords: string[] };

/**
 * One material with consistent derived columns (search tokens, licence types, storage keys,
 * the colour cells of a palette given), listed for sale.
 */
export function materialValues(values: MaterialValues): typeof materials.$inferInsert {
  const sid = values.sid ?? newSid();
  const width = values.width ?? 3000;
  const height = values.height ?? 4000;
  const format = values.format ?? 'image';
  return {
    sid,
    format,
    width,
    height,
    searchTokens: searchTokensFor(values.keywords),
    authTypes: qualifyingLicenceTypes(width, height, format === 'video' ? 'video' : 'image'),
    originalKey: `private/materials/${sid}/original-0123456789abcdef.${format === 'video' ? 'mp4' : 'jpg'}`,
    originalMime: format === 'video' ? 'video/mp4' : 'image/jpeg',
    originalBytes: 1024,
    thumbKey: `public/materials/${sid}/thumb-0123456789abcdef.webp`,
    coverKey: `public/materials/${sid}/cover-0123456789abcdef.webp`,
    watermarkKey: `public/materials/${sid}/watermark-0123456789abcdef.webp`,
    previewKey: format === 'video' ? `public/materials/${sid}/preview-0123456789abcdef.mp4` : null,
    // On sale unless a test says otherwise: review has its own tests.
    reviewState: 'listed',
    ...(values.palette ? { colorCells: paletteCells(values.palette) } : {}),
    ...values,
  };
}

export async function insertMaterial(t: TestApp, values: MaterialValues) {
  const [row] = await t.database.db.insert(materials).values(materialValues(values)).returning();
  return row!;
}

export function daysAgo(days: number): Date {
  return new Date(Date.now() - days * 24 * 3600 * 1000);
}
