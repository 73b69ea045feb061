/**
 * `npx tsx bench/profile-summary.ts <file.cpuprofile> [top]` — where a bench server spent its
 * CPU (run a bench with BENCH_CPU_PROF=1 to get the profile): self time per function and per
 * package or source directory, largest first.
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

const [file, topArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: tsx bench/profile-summary.ts <file.cpuprofile> [top]');
  process.exit(1);
}
const top = Number(topArg ?? 25);
const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;

const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const selfUs = new Map<number, number>();
profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));

/** node_modules/<package> or the source directory a frame belongs to. */
function area(url: string): string {
  if (!url) return '(native / idle / gc)';
  const modules = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/u);
  if (modules) return modules[1]!;
  if (url.startsWith('node:')) return url;
  const src = url.match(/\/(apps\/[^/]+\/src\/(?:[^/]+\/)?[^/]+|packages\/[^/]+\/src|bench)\//u);
  return src ? src[1]! : url;
}

const perFunction = new Map<string, number>();
const perArea = new Map<string, number>();
let total = 0;
for (const [id, us] of selfUs) {
  const node = byId.get(id);
  if (!node) continue;
  const { functionName, url, lineNumber } = node.callFrame;
  const name = `${functionName || '(anonymous)'} ${url ? `${url.replace(/^.*\/(node_modules|apps|packages)\//u, '$1/')}:${lineNumber + 1}` : ''}`;
  perFunction.set(name, (perFunction.get(name) ?? 0) + us);
  perArea.set(area(url), (perArea.get(area(url)) ?? 0) + us);
  total += us;
}

function print(title: string, rows: Map<string, number>) {
  console.log(`\n${title}`);
  for (const [name, us] of [...rows].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`${((us / total) * 100).toFixed(1).padStart(5)} %  ${(us / 1000).toFixed(0).padStart(7)} ms  ${name}`);
  }
}

console.log(`profile ${file}: ${(total / 1e6).toFixed(1)} s sampled`);
print('self time by package / source directory', perArea);
print('self time by function', perFunction);
