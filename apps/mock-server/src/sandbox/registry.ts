/**
 * The open sandboxes of a mock: opened on first use (at most `max` at once), listed, deleted one by
 * one or all together. What a sandbox is (an instance of the mock) is given. On a store other
 * processes share, the sandboxes are those of the database (`known`): a sandbox made through
 * another instance is listed here too, and a delete empties it for all.
 */
import type { StateControl } from '../control/mock-control.js';
import { mockError } from '../http/mock-error.js';
import { checkSandboxName } from './names.js';

/** What the registry keeps of a sandbox: its control (to close it), and whatever else `open` gave. */
export interface Sandbox {
  control: StateControl;
}

export interface SandboxRegistry<S extends Sandbox> {
  /** Sandbox `name`, opened now if it is not open; throws the mock's own error beyond `max`. */
  open(name: string): S;
  find(name: string): S | undefined;
  /** Names of the sandboxes open in this process, oldest first. */
  names(): string[];
  /** Names of every sandbox: those open here, oldest first, or on a shared store those it holds, sorted. */
  known(): Promise<string[]>;
  /** Empties sandbox `name` (its videos, values and windows: a reset), closes and forgets it; false when none was there. */
  delete(name: string): Promise<boolean>;
  /** Deletes every sandbox. */
  clear(): Promise<void>;
  /** Closes the sandboxes open here, keeping what they hold (the mock closes). */
  closeAll(): Promise<void>;
  readonly max: number;
}

/**
 * @example
 * const registry = sandboxRegistry({ max: 64, open: (name) => createInstance(sandboxOptions(name), platform) });
 * await registry.open('w1').control.reset();
 */
export function sandboxRegistry<S extends Sandbox>(options: {
  max: number;
  open(name: string): S;
  /** The sandboxes a shared store holds (those another process made included), and how one is forgotten. */
  stored?: { list(): Promise<string[]>; drop(name: string): Promise<void> };
}): SandboxRegistry<S> {
  const open = new Map<string, S>();
  const close = async (name: string, sandbox: S) => {
    open.delete(name);
    await sandbox.control.close();
  };
  // On a shared store, the database says which sandboxes there are (one deleted through another
  // process may still be open here, empty); else those open here.
  const known = async () => (options.stored ? (await options.stored.list()).sort() : [...open.keys()]);
  const remove = async (name: string): Promise<boolean> => {
    let sandbox = open.get(name);
    if (sandbox === undefined) {
      if (!(await options.stored?.list())?.includes(name)) return false;
      sandbox = registry.open(name);
    }
    await sandbox.control.reset();
    await close(name, sandbox);
    await options.stored?.drop(name);
    return true;
  };
  const registry: SandboxRegistry<S> = {
    max: options.max,
    open(name) {
      const found = open.get(name);
      if (found) return found;
      if (open.size >= options.max) {
        throw mockError(
          'sandbox-limit',
          'Too many sandboxes',
          `Sandbox "${name}" would be one more than the ${options.max} this mock keeps open at once (option maxSandboxes${options.max === 0 ? ', 0: sandboxes are off' : ''}); delete the ones you no longer need (DELETE /__mock/sandboxes/{name}, or all with DELETE /__mock/sandboxes) or start the mock with a larger maxSandboxes.`,
        );
      }
      const sandbox = options.open(name);
      open.set(name, sandbox);
      return sandbox;
    },
    find: (name) => open.get(name),
    names: () => [...open.keys()],
    known,
    delete: remove,
    async clear() {
      for (const name of await known()) await remove(name);
    },
    async closeAll() {
      await Promise.all([...open].map(([name, sandbox]) => close(name, sandbox)));
    },
  };
  return registry;
}

/**
 * `app.mock.sandboxes` over a registry: names are checked (a bad one throws the mock's own error).
 *
 * @example
 * const sandboxes = sandboxControl(registry);
 * await sandboxes.get('w1').advanceClock(2000); // only w1's clock moves
 */
export function sandboxControl<S extends Sandbox>(registry: SandboxRegistry<S>) {
  const checked = (name: string) => checkSandboxName(String(name), 'sandbox name', 'sandbox-name');
  return {
    get: (name: string) => registry.open(checked(name)).control,
    has: (name: string) => registry.find(name) !== undefined,
    list: () => registry.known(),
    delete: (name: string) => registry.delete(checked(name)),
    clear: () => registry.clear(),
  };
}
