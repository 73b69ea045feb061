/**
 * `npx tsx bench/profile-summary.ts <file.cpuprofile> [top] [--window=from,to]` — where a bench
 * server spent its CPU (run a bench with BENCH_CPU_PROF=1 to get the profile): self time per
 * function and per package or source directory, and time per function with what it called,
 * largest first. `--window` keeps the samples taken from..to seconds after the profile began
 * (negative: before it ended), so one scenario can be read apart from the load and the others.
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

const args = process.argv.slice(2);
const windowArg = args.find((a) => a.startsWith('--window='));
const [file, topArg] = args.filter((a) => !a.startsWith('--'));
if (!file) {
  console.error('usage: tsx bench/profile-summary.ts <file.cpuprofile> [top] [--window=from,to]');
  process.exit(1);
}
const top = Number(topArg ?? 25);
const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
const lengthUs = profile.endTime - profile.startTime;
const [fromUs, toUs] = (windowArg?.slice('--window='.length).split(',') ?? ['0', `${lengthUs / 1e6}`]).map((v) => {
  const us = Number(v) * 1e6;
  return us < 0 ? lengthUs + us : us;
});

const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const selfUs = new Map<number, number>();
let at = 0;
profile.samples.forEach((id, i) => {
  at += profile.timeDeltas[i] ?? 0;
  if (at < fromUs! || at > toUs!) return;
  selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
});
const parentOf = new Map<number, number>();
for (const n of profile.nodes) for (const child of n.children ?? []) parentOf.set(child, n.id);

/** node_modules/<package> or the source directory a frame belongs to. */
function area(url: string): string {
  if (!url) return '(native / idle / gc)';
  const modules = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/u);
  if (modules) return modules[1]!;
  if (url.startsWith('node:')) return url;
  const src = url.match(/\/(apps\/[^/]+\/src\/(?:[^/]+\/)?[^/]+|packages\/[^/]+\/src|bench)\//u);
  return src ? src[1]! : url;
}

function nameOf(node: ProfileNode): string {
  const { functionName, url, lineNumber } = node.callFrame;
  return `${functionName || '(anonymous)'} ${url ? `${url.replace(/^.*\/(node_modules|apps|packages)\//u, '$1/')}:${lineNumber + 1}` : ''}`;
}

const perFunction = new Map<string, number>();
const perArea = new Map<string, number>();
const inclusive = new Map<string, number>();
let total = 0;
for (const [id, us] of selfUs) {
  const node = byId.get(id);
  if (!node) continue;
  perFunction.set(nameOf(node), (perFunction.get(nameOf(node)) ?? 0) + us);
  perArea.set(area(node.callFrame.url), (perArea.get(area(node.callFrame.url)) ?? 0) + us);
  total += us;
  // each function on the stack once, however often it recurs
  const onStack = new Set<string>();
  for (let up: number | undefined = id; up !== undefined; up = parentOf.get(up)) onStack.add(nameOf(byId.get(up)!));
  for (const name of onStack) inclusive.set(name, (inclusive.get(name) ?? 0) + us);
}

function print(title: string, rows: Map<string, number>) {
  console.log(`\n${title}`);
  for (const [name, us] of [...rows].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`${((us / total) * 100).toFixed(1).padStart(5)} %  ${(us / 1000).toFixed(0).padStart(7)} ms  ${name}`);
  }
}

console.log(
  `profile ${file}: ${(total / 1e6).toFixed(1)} s sampled` +
    (windowArg
      ? ` from ${(fromUs! / 1e6).toFixed(1)} s to ${(toUs! / 1e6).toFixed(1)} s of ${(lengthUs / 1e6).toFixed(1)} s`
      : ''),
);
print('self time by package / source directory', perArea);
print('self time by function', perFunction);
print('time by function with what it called', inclusive);
