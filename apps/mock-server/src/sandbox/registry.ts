/**
 * The open sandboxes of a mock: opened on first use (at most `max` at once), listed, closed and
 * removed one by one or all together. What a sandbox is (an instance of the mock) is given.
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
  /** Names of the open sandboxes, oldest first. */
  names(): string[];
  /** Closes and forgets sandbox `name`; false when none was open. */
  delete(name: string): Promise<boolean>;
  /** Closes and forgets every sandbox. */
  clear(): Promise<void>;
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
}): SandboxRegistry<S> {
  const open = new Map<string, S>();
  const close = async (name: string, sandbox: S) => {
    open.delete(name);
    await sandbox.control.close();
  };
  return {
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
    async delete(name) {
      const sandbox = open.get(name);
      if (sandbox === undefined) return false;
      await close(name, sandbox);
      return true;
    },
    async clear() {
      await Promise.all([...open].map(([name, sandbox]) => close(name, sandbox)));
    },
  };
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
    list: () => registry.names(),
    delete: (name: string) => registry.delete(checked(name)),
    clear: () => registry.clear(),
  };
}
