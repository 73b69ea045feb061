/**
 * `npm run bench:similar` — 相似素材 alone under load, beside the health baseline of the same
 * moment: GET /api/health, GET /api/material/:id/similar of random materials (a detail page
 * each, as bench:search's similar scenario picks them), health again; 32 connections,
 * BENCH_DURATION (15) seconds each, after BENCH_WARMUP (10) seconds of the similar mix.
 *
 * It measures the catalogue bench:search seeded (run that first, BENCH_SEED_ONLY=1 is enough)
 * and neither seeds nor migrates, so two versions of the server can be compared on one database
 * in alternation (the machine's other load moves both alike). Prints one JSON line per run.
 */
import { COMMON_ROUTES, endpointUrl, MATERIAL_ROUTES } from '@gemstock/contract';
import pg from 'pg';
import { assertSafeDatabase } from './bench-database.js';
import { forkBenchServer } from './fork-server.js';
import { figures } from './latency-figures.js';
import { inTurn, runLoad } from './load.js';
import { mulberry32 } from './seed-materials.js';

const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/gemstock_bench';
const DURATION_S = Number(process.env.BENCH_DURATION ?? 15);
const WARMUP_S = Number(process.env.BENCH_WARMUP ?? 10);
const CONNECTIONS = 32;
const SERVER_BUSY = 1602;

async function load(base: string, paths: string[], durationS: number) {
  const result = await runLoad(base, {
    connections: CONNECTIONS,
    durationS,
    next: inTurn(paths.map((path) => ({ path }))),
  });
  return {
    ...figures(
      result.samples.map((x) => x.latency),
      result.durationS,
    ),
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

async function main() {
  assertSafeDatabase(DATABASE_URL);
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  // The same materials bench:search's similar scenario opens: a uniform sample along the shuffle ring.
  const sids = (
    await client.query<{ sid: string }>(
      'SELECT sid FROM materials WHERE NOT disabled ORDER BY shuffle_key, seq LIMIT 5000',
    )
  ).rows.map((r) => r.sid);
  await client.end();
  const random = mulberry32(7);
  const picked = Array.from({ length: 200_000 }, () => sids[Math.floor(random() * sids.length)]!);
  const similar = picked.map((id) => endpointUrl(MATERIAL_ROUTES.similar, { params: { id } }));
  const health = [COMMON_ROUTES.health.path];
  // The detail page of the same materials: the cheapest read of one material, for reference.
  const detail = picked.map((id) => endpointUrl(MATERIAL_ROUTES.detail, { params: { id } }));

  const { child, base } = await forkBenchServer({ BENCH_DATABASE_URL: DATABASE_URL });
  try {
    for (const path of [...similar.slice(0, 30), ...detail.slice(0, 5)]) {
      // A server just started on a busy machine may shed its first requests (1602): ask again.
      for (let attempt = 1; ; attempt += 1) {
        const body = (await (await fetch(base + path)).json()) as { code: number; message: string };
        if (body.code === 0) break;
        if (body.code !== SERVER_BUSY || attempt === 10)
          throw new Error(`${path} answered ${body.code} ${body.message}`);
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    }
    await load(base, similar.slice(100_000), WARMUP_S);
    const results = {
      health: await load(base, health, DURATION_S),
      similar: await load(base, similar, DURATION_S),
      detail: await load(base, detail, DURATION_S),
      healthAgain: await load(base, health, DURATION_S),
    };
    console.log(JSON.stringify({ at: new Date().toISOString(), label: process.env.BENCH_LABEL ?? '', ...results }));
  } finally {
    child.kill('SIGTERM');
  }
}

await main();
