/** How a check ends other than passing: a failure that says what was expected, or a skip with its reason. */

/** Thrown by a check to fail with a message that says what was expected and what came. */
export class CheckFailure extends Error {
  override name = 'CheckFailure';
}

/** Thrown by a check that cannot decide on this target: it is recorded as skipped, with the reason. */
export class CheckSkipped extends Error {
  override name = 'CheckSkipped';
}

export function ensure(condition: unknown, message: string): asserts condition {
  if (!condition) throw new CheckFailure(message);
}

/** An error as one line, with its causes (fast-check and the SDK keep the server's answer there). */
export function explain(error: unknown): string {
  const parts: string[] = [];
  for (let link = error, depth = 0; link !== undefined && link !== null && depth < 4; depth++) {
    parts.push(link instanceof Error ? `${link.name}: ${link.message}` : String(link));
    link = link instanceof Error ? link.cause : undefined;
  }
  return parts.join('; caused by ');
}
