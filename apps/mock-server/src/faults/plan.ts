/**
 * Deciding the faults of one request from the rules in force. Every random number is drawn here,
 * synchronously and in a fixed order (per matching rule: jitter, reset, error), before anything
 * waits, so the same seed and the same request sequence give the same plan.
 */

import type { Random } from '../shared/prng.js';
import { routeMatches } from './matching.js';
import type { FaultPlan, FaultRule } from './types.js';

/** A rule with its running state: what is left of `times` and its rate-limit window. */
export interface RuleEntry {
  /** How every process knows the rule (a shared store's rules). */
  id: string;
  rule: FaultRule;
  remaining: number | undefined;
  window: { start: number; count: number } | undefined;
}

let entries = 0;

export function toEntry(
  rule: FaultRule,
  id = `rule-${Date.now().toString(36)}-${(entries++).toString(36)}-${Math.random().toString(36).slice(2, 8)}`,
  remaining = rule.times,
): RuleEntry {
  return { id, rule: structuredClone(rule), remaining, window: undefined };
}

/**
 * What the shared store decided for the matching rules of one request, before the plan: the rules
 * with `times` it took a use of (with what is left), and those over their rate limit.
 */
export interface SharedVerdicts {
  used: Map<string, number>;
  over: Set<string>;
}

/** The rule as `list()` shows it: `times` is what is left. */
export function entryView(entry: RuleEntry): FaultRule {
  const view = structuredClone(entry.rule);
  if (entry.remaining !== undefined) view.times = entry.remaining;
  return view;
}

function overLimit(entry: RuleEntry, now: number): boolean {
  const limit = entry.rule.rateLimit;
  if (limit === undefined) return false;
  if (entry.window === undefined || now - entry.window.start >= limit.windowMs) {
    entry.window = { start: now, count: 0 };
  }
  entry.window.count += 1;
  return entry.window.count > limit.limit;
}

/**
 * The plan of one request, or undefined when no rule matches. Consumes `times` of the matching
 * rules and removes exhausted ones from `entries` (in place). First matching rule wins for each
 * kind of fault; delays add up.
 */
export function matchingEntries(
  entries: RuleEntry[],
  request: { operationId: string | undefined; path: string },
): RuleEntry[] {
  return entries.filter((entry) => routeMatches(entry.rule.route, request.operationId, request.path));
}

export function planRequest(
  entries: RuleEntry[],
  request: { operationId: string | undefined; path: string },
  random: Random,
  now: number,
  shared?: SharedVerdicts,
): FaultPlan | undefined {
  const matching = matchingEntries(entries, request).filter(
    // a rule whose uses another process took up is gone for this request (and from here)
    (entry) => !shared || entry.remaining === undefined || shared.used.has(entry.id) || drop(entries, entry),
  );
  if (matching.length === 0) return undefined;
  const plan: FaultPlan = { delayMs: 0, reset: false };
  for (const entry of matching) {
    const { rule } = entry;
    plan.delayMs += rule.latencyMs ?? 0;
    if (rule.latencyJitterMs !== undefined) plan.delayMs += random.int(0, rule.latencyJitterMs);
    if (rule.resetRate !== undefined && random.chance(rule.resetRate)) plan.reset = true;
    if (rule.errorRate !== undefined && random.chance(rule.errorRate) && plan.error === undefined) {
      plan.error = { status: rule.errorStatus ?? 500, rule: entryView(entry) };
    }
    const over = shared ? shared.over.has(entry.id) : overLimit(entry, now);
    if (over && plan.rateLimited === undefined && rule.rateLimit !== undefined) {
      plan.rateLimited = { retryAfterSeconds: rule.rateLimit.retryAfterSeconds, rule: entryView(entry) };
    }
    if (rule.uploadBytesPerSecond !== undefined) plan.uploadBytesPerSecond ??= rule.uploadBytesPerSecond;
    if (entry.remaining !== undefined) {
      entry.remaining = shared ? (shared.used.get(entry.id) ?? 0) : entry.remaining - 1;
      if (entry.remaining <= 0) drop(entries, entry);
    }
  }
  return plan;
}

/** Removes `entry` from `entries` (in place); false, for a filter. */
function drop(entries: RuleEntry[], entry: RuleEntry): false {
  const at = entries.indexOf(entry);
  if (at >= 0) entries.splice(at, 1);
  return false;
}
