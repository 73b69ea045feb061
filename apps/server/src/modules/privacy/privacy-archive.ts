import { PassThrough } from 'node:stream';
import { Zip, ZipDeflate, strToU8 } from 'fflate';
import type { DbOrTx } from '../../db/client.js';
import type { UserRow } from '../../db/rows.js';
import type { Storage } from '../../media/storage.js';
import { UTF8_BOM, csvLine } from '../export/index.js';
import { type ExportSection, exportSectionsOf } from './privacy-export.repository.js';

/** Rows read per query while the copy is written. */
export const ARCHIVE_PAGE_ROWS = 500;

const README_HEAD = [
  '这是您在本平台的个人信息副本（依据《个人信息保护法》第四十五条）。',
  '每类数据各有一个 JSON 文件和一个 CSV 文件（UTF-8 编码，可用 Excel 打开），内容相同。',
  '时间均为协调世界时（UTC，北京时间减 8 小时）；金额单位为分（100 分 = 1 元）。',
  '',
  '文件说明：',
];

/**
 * Writes the copy of an account's data to storage as a zip: for each section a JSON file (an
 * array) and a CSV file (UTF-8 with BOM, so Excel reads Chinese), and README.txt (in Chinese; an ASCII name, which every unzip tool reads). The rows are read
 * a page at a time and compressed as they come, and the zip streams into storage, so memory stays
 * bounded whatever the size of the account. Resolves with the stored size in bytes.
 */
export async function writePrivacyArchive(
  deps: { db: DbOrTx; storage: Storage },
  user: UserRow,
  key: string,
): Promise<number> {
  const out = new PassThrough();
  let zipError: Error | null = null;
  const zip = new Zip((error, chunk, final) => {
    if (error) {
      zipError = error;
      out.destroy(error);
      return;
    }
    out.write(Buffer.from(chunk));
    if (final) out.end();
  });
  const stored = deps.storage.put(key, out, 'application/zip');
  try {
    const sections = exportSectionsOf(user);
    const readme = [...README_HEAD, ...sections.map((s) => `  ${s.file}.json / ${s.file}.csv：${s.title}`), ''];
    addText(zip, 'README.txt', UTF8_BOM + readme.join('\r\n'));
    for (const section of sections) {
      await addSection(deps.db, zip, section);
      if (zipError) throw zipError;
    }
    zip.end();
  } catch (error) {
    zip.terminate();
    out.destroy(error as Error);
    await stored.catch(() => undefined);
    throw error;
  }
  const object = await stored;
  return object.bytes;
}

function addText(zip: Zip, name: string, text: string): void {
  const file = new ZipDeflate(name, { level: 6 });
  zip.add(file);
  file.push(strToU8(text), true);
}

/** The section's JSON file, then its CSV file, each read page by page. */
async function addSection(db: DbOrTx, zip: Zip, section: ExportSection): Promise<void> {
  const json = new ZipDeflate(`${section.file}.json`, { level: 6 });
  zip.add(json);
  json.push(strToU8('['));
  let written = 0;
  await eachPage(db, section, (rows) => {
    const text = rows.map((row, i) => `${written + i === 0 ? '' : ','}\n  ${JSON.stringify(row)}`).join('');
    written += rows.length;
    json.push(strToU8(text));
  });
  json.push(strToU8(written === 0 ? ']\n' : '\n]\n'), true);

  const csv = new ZipDeflate(`${section.file}.csv`, { level: 6 });
  zip.add(csv);
  csv.push(strToU8(UTF8_BOM + csvLine(section.columns)));
  await eachPage(db, section, (rows) => {
    csv.push(strToU8(rows.map((row) => csvLine(section.columns.map((c) => csvValue(row[c])))).join('')));
  });
  csv.push(new Uint8Array(0), true);
}

function csvValue(value: string | number | boolean | null | undefined): string | number | null {
  if (typeof value === 'boolean') return value ? '是' : '否';
  return value ?? null;
}

async function eachPage(
  db: DbOrTx,
  section: ExportSection,
  onRows: (rows: Record<string, string | number | boolean | null>[]) => void,
): Promise<void> {
  let after: string | null = null;
  for (;;) {
    const page = await section.page(db, after, ARCHIVE_PAGE_ROWS);
    if (page.rows.length > 0) onRows(page.rows);
    if (page.last === null) return;
    after = page.last;
  }
}
