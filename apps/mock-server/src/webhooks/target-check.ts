/**
 * The target rules as the dispatcher applies them (target-rules.ts): on the start options'
 * targets, on a registration (the literal host; over the admin API also every address the name
 * resolves to, where the platform's fetch can resolve), and before every attempt.
 */
import { type AllowList, parseAllowList } from './allow-list.js';
import { resolvedRefusal, startTargetsProblem, targetRefusal } from './target-rules.js';

/** A fetch that also resolves names as its connections do (the Node platform's `webhookFetch`). */
export type ResolvingFetch = typeof fetch & {
  /** Every address `hostname` resolves to (the lookup each connection uses); [] when it does not resolve. */
  resolveAll?(hostname: string): Promise<string[]>;
};

/** Longest wait for a registration's name to resolve; unresolved, it is checked at delivery. */
export const RESOLVE_TIMEOUT_MS = 5000;

export interface TargetCheck {
  allow: AllowList;
  /** Why `url` is refused by its host alone, or undefined. */
  literal(url: string): string | undefined;
  /** `literal`, then every address the host resolves to where the fetch can resolve. */
  resolved(url: string): Promise<string | undefined>;
}

async function addressesOf(resolveAll: NonNullable<ResolvingFetch['resolveAll']>, host: string) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<string[]>((resolve) => {
    timer = setTimeout(() => resolve([]), RESOLVE_TIMEOUT_MS);
  });
  try {
    return await Promise.race([resolveAll(host).catch(() => []), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The checks of one dispatcher. Throws a RangeError on a bad `allowTargets` entry or a start
 * target the rules refuse (`webhooks: webhook target … is refused: …`).
 *
 * @example
 * const check = targetCheck({ allowTargets: [], targets: [] });
 * check.literal('http://169.254.169.254/'); // 'webhook target http://169.254.169.254/ is refused: …'
 */
export function targetCheck(options: {
  allowTargets?: readonly string[];
  targets?: ReadonlyArray<{ url: string }>;
  fetch?: ResolvingFetch;
}): TargetCheck {
  const entries = options.allowTargets ?? [];
  const problem = startTargetsProblem(
    (options.targets ?? []).map((target) => target.url),
    entries,
  );
  if (problem !== undefined) throw new RangeError(problem);
  const allow = parseAllowList(entries);
  const resolveAll = options.fetch?.resolveAll?.bind(options.fetch);
  const literal = (url: string) => targetRefusal(url, allow);
  return {
    allow,
    literal,
    async resolved(url) {
      const refused = literal(url);
      if (refused !== undefined || resolveAll === undefined || !URL.canParse(url)) return refused;
      const addresses = await addressesOf(resolveAll, new URL(url).hostname.replace(/^\[|\]$/g, ''));
      for (const address of addresses) {
        const why = resolvedRefusal(url, address, allow);
        if (why !== undefined) return why;
      }
      return undefined;
    },
  };
}
