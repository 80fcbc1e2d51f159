/**
 * What every generated client's steps file shares: the mock's address and token, the five value
 * forms of §2, the clock advanced through the mock's admin API, and the answers printed as one JSON
 * line for the test to check against the resolved document.
 */

/** The mock's base address (the test starts it and passes it). */
export const MOCK_URL = process.env.MOCK_URL ?? 'http://localhost:4010';
/** The mock's default token. */
export const TOKEN = 'mock-token';

/** One custom field of each value form of §2. */
export const FIELDS = {
  note: 'Shot on location in Chiang Mai',
  views: 42,
  featured: true,
  publishedAt: '2026-11-22T08:30:00Z',
  topics: ['news', 'sport'],
};

/** A stand-in source file (the mock runs without transcoding). */
export const sourceFile = (): File => new File(['stand-in video bytes'], 'clip.mp4', { type: 'video/mp4' });

/** One answer of the flow: the operation, its status and its body. */
interface Answer {
  operationId: string;
  status: number;
  body: unknown;
}
const answers: Answer[] = [];

/** Keeps an answer for the test, which checks it against the resolved document's schema. */
export function keep(operationId: string, status: number, body: unknown): void {
  answers.push({ operationId, status, body });
}

/** Stops the flow with a message when `condition` does not hold. */
export function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

/** Moves the mock's virtual clock (its admin API): due processing completes. */
export async function advanceClock(ms: number): Promise<void> {
  const response = await fetch(`${MOCK_URL}/__mock/clock/advance`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ms }),
  });
  check(response.ok, `advancing the clock answered ${response.status}`);
}

/** Polls with `read` (advancing the clock a second each time) until it says ready; at most 30 tries. */
export async function waitUntilReady(read: () => Promise<boolean>): Promise<void> {
  for (let attempt = 0; attempt < 30; attempt += 1) {
    if (await read()) return;
    await advanceClock(1000);
  }
  throw new Error('the video was not ready after 30 polls');
}

/** Checks that each of the five fields reads back as written, then prints the answers. */
export function finish(read: Record<string, unknown> | undefined): void {
  for (const [name, value] of Object.entries(FIELDS)) {
    check(
      JSON.stringify(read?.[name]) === JSON.stringify(value),
      `${name} read back as ${JSON.stringify(read?.[name])}`,
    );
  }
  console.log(JSON.stringify({ answers }));
}
