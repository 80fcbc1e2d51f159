/**
 * What makes a worker (./worker.ts) take the jobs of every sandbox, not only the default
 * state's: the sandboxes the shared store holds are opened in the worker as they appear (each
 * opened sandbox's dispatcher and transcoder take its jobs under a lease, as an instance's
 * would), looked up at start and then every `everyMs`. A sandbox is opened once and stays open
 * until the worker stops (its close gives the leases back).
 */
import type { SandboxControl } from '../../control/mock-control.js';

/**
 * Opens every sandbox `sandboxes` lists now and later; resolves once the first look is done,
 * to a function that stops looking.
 *
 * @example
 * const stop = await followSandboxes(app.mock.sandboxes, 1000, (line) => process.stdout.write(line));
 */
export async function followSandboxes(
  sandboxes: Pick<SandboxControl, 'list' | 'get'>,
  everyMs: number,
  say: (line: string) => void,
): Promise<() => void> {
  const taken = new Set<string>();
  const refused = new Set<string>();
  let stopped = false;
  const look = async () => {
    let names: string[];
    try {
      names = await sandboxes.list();
    } catch {
      return; // the store is away: the next look tries again
    }
    for (const name of names) {
      if (stopped || taken.has(name) || refused.has(name)) continue;
      try {
        sandboxes.get(name);
        taken.add(name);
        say(`taking the jobs of sandbox ${name}\n`);
      } catch (error) {
        refused.add(name); // beyond --max-sandboxes: said once
        say(`not taking the jobs of sandbox ${name}: ${(error as Error).message}\n`);
      }
    }
  };
  await look();
  const timer = setInterval(() => void look(), everyMs);
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}
