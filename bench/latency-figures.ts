/** Latency summaries shared by every benchmark, so their figures are computed the same way. */

export interface Figures {
  requests: number;
  reqPerSec: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/** Nearest-rank percentile of ascending latencies, rounded to 0.01 ms. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return Math.round(sorted[Math.max(0, index)]! * 100) / 100;
}

export function figures(latencies: number[], durationS: number): Figures {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    requests: sorted.length,
    reqPerSec: Math.round(sorted.length / durationS),
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: percentile(sorted, 100),
  };
}

/** `clients` loops on one URL for `seconds`; the latency of each answer, and how many were not code 0. */
export async function hammer(
  url: string,
  token: string,
  seconds: number,
  clients: number,
): Promise<{ latencies: number[]; errors: number }> {
  const latencies: number[] = [];
  let errors = 0;
  const deadline = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < deadline) {
        const started = performance.now();
        const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
        const body = (await res.json()) as { code?: number };
        latencies.push(performance.now() - started);
        if (!res.ok || body.code !== 0) errors += 1;
      }
    }),
  );
  return { latencies, errors };
}
