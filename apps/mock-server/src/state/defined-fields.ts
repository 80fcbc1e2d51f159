/**
 * The custom-field definitions of one state: kept in its store, and known at once to whatever
 * shows a record (the representer reads them on every read under `custom-field-types=any-json`,
 * which must not wait for the store).
 */
import { defaultDefinitions } from './definitions.js';
import type { FieldDefinition } from './types.js';
import type { VideoStore } from './video-store.js';

export interface Definitions {
  /** The definitions as last loaded or set. */
  current(): readonly FieldDefinition[];
  /** Replaces the definitions; resolves once the store kept them. */
  set(definitions: FieldDefinition[]): Promise<void>;
  /** Takes up what the store holds; an empty store starts with the default definitions. */
  load(): Promise<void>;
  /** Takes up what the store holds now, as it is (after another process changed it). */
  reload(): Promise<void>;
}

/**
 * @example
 * const definitions = storedDefinitions(store);
 * await definitions.load();
 * definitions.current(); // [{ name: 'note', kind: 'string' }, …]
 */
export function storedDefinitions(store: VideoStore): Definitions {
  let current: readonly FieldDefinition[] = [];
  const set = async (definitions: FieldDefinition[]) => {
    await store.setDefinitions(definitions);
    current = structuredClone(definitions);
  };
  return {
    current: () => current,
    set,
    async load() {
      const [stored, videos] = await Promise.all([store.getDefinitions(), store.list()]);
      if (stored.length === 0 && videos.length === 0) await set(defaultDefinitions());
      else current = stored;
    },
    async reload() {
      current = await store.getDefinitions();
    },
  };
}
