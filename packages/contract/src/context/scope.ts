/**
 * What a run leaves out and why: the probes its profile does not run (`safe`: no burst, no huge
 * declared upload, no oversized create) and the checks and probes `only` / `skip` leave out.
 * Setup checks run whatever is selected: every other check builds on them.
 */
import { type CatalogueEntry, PROBES, selects } from '../support/catalogue.js';
import type { ObservationId, Profile, RunScope } from '../support/types.js';

/** The probes `safe` does not run, and why (each is a size or rate a production server should not get). */
const SAFE_SKIPS: Partial<Record<ObservationId, string>> = {
  'rate-limits': 'a burst of requests',
  'file-size-limit': 'an upload declaring more than 1 GiB',
  'videos-per-create-limit': 'a create of more videos than the run may leave behind',
};

export class Scope {
  readonly skippedByChoice: string[] = [];

  constructor(
    readonly profile: Profile,
    readonly only: readonly string[] = [],
    readonly skip: readonly string[] = [],
  ) {}

  private chosen(entry: CatalogueEntry): boolean {
    if (entry.tags.includes('setup')) return true;
    if (this.skip.some((s) => selects(s, entry))) return false;
    return this.only.length === 0 || this.only.some((s) => selects(s, entry));
  }

  /** Why a check is not run by choice, or undefined when it runs. */
  unchosen(entry: CatalogueEntry): string | undefined {
    if (this.chosen(entry)) return undefined;
    this.skippedByChoice.push(entry.id);
    return `skipped by choice (${this.only.length > 0 ? `--only ${this.only.join(',')}` : ''}${this.only.length > 0 && this.skip.length > 0 ? ' ' : ''}${this.skip.length > 0 ? `--skip ${this.skip.join(',')}` : ''})`;
  }

  /** Why a probe is not run (the profile, or by choice), or undefined when it runs. */
  unprobed(id: ObservationId): string | undefined {
    const unsafe = this.profile === 'safe' ? SAFE_SKIPS[id] : undefined;
    if (unsafe) return `not probed: the safe profile sends no ${unsafe} (--profile full probes it)`;
    const entry = PROBES.find((p) => p.id === id);
    const why = entry && this.unchosen(entry);
    return why && `not probed: ${why}`;
  }

  /** The scope as the report states it. */
  toReport(): RunScope {
    return {
      profile: this.profile,
      skippedByProfile:
        this.profile === 'safe'
          ? Object.entries(SAFE_SKIPS).map(([id, what]) => ({
              id: id as ObservationId,
              reason: `the safe profile sends no ${what}`,
            }))
          : [],
      only: [...this.only],
      skip: [...this.skip],
      skippedByChoice: [...new Set(this.skippedByChoice)],
    };
  }
}
