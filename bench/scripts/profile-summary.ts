/**
 * Summarises a `node --cpu-prof` profile: the functions with the most self time and the most
 * inclusive time, with their file and line, as a share of the sampled time.
 * Usage: node --import tsx scripts/profile-summary.ts FILE.cpuprofile [top=25] [filter]
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount: number;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const [file, topText = '25', filter = ''] = process.argv.slice(2);
if (!file) {
  process.stderr.write('usage: profile-summary FILE.cpuprofile [top] [url filter]\n');
  process.exit(2);
}
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parent = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
const label = (node: ProfileNode) => {
  const url = node.callFrame.url.replace(/^.*\/(node_modules|apps|packages)\//, '$1/');
  return `${node.callFrame.functionName || '(anonymous)'} ${url}:${node.callFrame.lineNumber + 1}`;
};
const self = new Map<string, number>();
const inclusive = new Map<string, number>();
let total = 0;
profile.samples.forEach((id, index) => {
  const dt = profile.timeDeltas[index] ?? 0;
  total += dt;
  const node = byId.get(id);
  if (!node) return;
  self.set(label(node), (self.get(label(node)) ?? 0) + dt);
  const seen = new Set<string>();
  for (
    let current: ProfileNode | undefined = node;
    current;
    current = byId.get(parent.get(current.id) ?? -1)
  ) {
    const name = label(current);
    if (seen.has(name)) continue;
    seen.add(name);
    inclusive.set(name, (inclusive.get(name) ?? 0) + dt);
  }
});
const top = Number(topText);
const show = (title: string, map: Map<string, number>) => {
  process.stdout.write(`\n${title} (of ${(total / 1e6).toFixed(2)} s sampled)\n`);
  [...map]
    .filter(([name]) => name.includes(filter))
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .forEach(([name, us]) => {
      process.stdout.write(`${((us / total) * 100).toFixed(1).padStart(5)}%  ${name}\n`);
    });
};
show('self time', self);
show('inclusive time', inclusive);
