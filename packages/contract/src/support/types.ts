/** Types of the contract suite: targets, checks, observations and the report. */
import type { ReadingOf, UnspecifiedIdWithReadings } from '@video-api/schema';

/** A server to check. */
export interface Target {
  /** The service's base address (§1 `{base_url}`). */
  baseUrl: string;
  /** The upload host; not shown in the document (§4.2), so it defaults to `baseUrl`. */
  uploadBaseUrl: string;
  /** A valid access token (§5). */
  token: string;
  /** A second valid token of another account, to tell `owner-only` from `required` (§5). */
  otherToken?: string;
  /** Project key for created videos (§4.1). */
  projectKey: string;
  /** The fetch to use: global fetch for a server, `app.fetch` for an in-process app. */
  fetch: (request: Request) => Promise<Response>;
  /** An app in this process (the mock): the run takes the `full` profile unless told otherwise. */
  inProcess?: boolean;
}

/** `skipped`: the check could not run (the reason is its detail); it does not fail the target. */
export type Verdict = 'pass' | 'fail' | 'skipped';

/** The outcome of a check of something the document states. */
export interface CheckResult {
  name: string;
  verdict: Verdict;
  /** Section of the interface document, e.g. "4.1". */
  section: string;
  /** What was seen; for a failure what was expected and what came; for a skipped check why it did not run. */
  detail: string;
  /** How long the check took (ms); 0 for one that did not run. */
  durationMs?: number;
}

/** The id of an unknown the suite observes: one of the spec's registry that has readings. */
export type ObservationId = UnspecifiedIdWithReadings;

/** What a probe saw of unknown `Id`; its reading is one of that unknown's readings, or `other`. */
export type ObservationOf<Id extends ObservationId> =
  | {
      id: Id;
      verdict: 'observed';
      /** One of the marker's readings, or `other` when the target does something else. */
      reading: ReadingOf<Id> | 'other';
      evidence: string;
      durationMs?: number;
    }
  | {
      id: Id;
      /** The unknown could not be seen: not probed, or not visible on this target; `evidence` says why. */
      verdict: 'not-observed';
      reading?: undefined;
      evidence: string;
      durationMs?: number;
    };

/** What a probe saw of something the document leaves open, typed by id (narrow on `id`). */
export type Observation = { [Id in ObservationId]: ObservationOf<Id> }[ObservationId];

/** Why a run stopped before its end; the checks after it are skipped. */
export interface StoppedEarly {
  /**
   * `unreachable`: a request could not connect or its connection broke; `no-answer`: a request got
   * no answer within the request timeout; `token-refused`: create refused the token;
   * `create-failed`: create gave no video to go on with; `error`: the suite itself met an
   * unexpected error (the checks it had not reached are missing).
   */
  cause: 'unreachable' | 'no-answer' | 'token-refused' | 'create-failed' | 'error';
  reason: string;
}

/** A string of a report whose lone surrogates were replaced with U+FFFD: where, and how many. */
export interface ReplacedLoneSurrogates {
  /** JSON Pointer of the string in the report, e.g. `/checks/3/detail`. */
  pointer: string;
  count: number;
}

/**
 * `safe`: for a production-like server: no burst, no huge declared upload, no oversized create, at
 * most `maxVideos` videos created, polling with backoff. `full`: every probe, at its full size.
 */
export type Profile = 'safe' | 'full';

/** A video the run created (the spec has no delete): its key and the project it was created in. */
export interface CreatedVideo {
  key: string;
  projectKey: string;
}

/** What the run did not do, and why: the profile's choices and the user's selection. */
export interface RunScope {
  profile: Profile;
  /** Probes the profile did not run: their unknowns stay not observed. */
  skippedByProfile: Array<{ id: ObservationId; reason: string }>;
  /** `--only` / `--skip` as given (ids, sections like `§4.4`, tags like `probe`). */
  only: string[];
  skip: string[];
  /** Checks and probes not run because of `only` / `skip`, by id. */
  skippedByChoice: string[];
}

export interface ContractReport {
  target: { baseUrl: string; uploadBaseUrl: string };
  /** The profile, and what it and the selection left out. */
  scope?: RunScope;
  /** Every video the run created, with its project (`--project` fences them). */
  createdVideos?: CreatedVideo[];
  /** The 429 answers waited out: how many waits, how long in all, of which budget (`--max-wait`). */
  rateLimitWaits?: { count: number; totalMs: number; budgetMs: number };
  startedAt: string;
  durationMs: number;
  /** The seed of the values written and of the property-based checks: give it as `seed` (`--seed`) to replay them. */
  seed: number;
  /** Present when the run stopped before its end. */
  stoppedEarly?: StoppedEarly;
  checks: CheckResult[];
  /** Observations of the unknowns of the spec's registry, by its ids. */
  observations: Observation[];
  /**
   * Observations of unknowns a suite would keep itself while the spec's registry does not list
   * them. Every unknown this suite observes is in the registry, so its reports leave it out; readers
   * of reports still take it into account (reports of earlier versions may hold it).
   */
  localObservations?: Observation[];
  /**
   * Strings of this report in which lone surrogates (text no UTF-8 can hold, e.g. from a server's
   * `"\ud800"`) were replaced with U+FFFD, by JSON Pointer; absent when there were none.
   */
  replacedLoneSurrogates?: ReplacedLoneSurrogates[];
  /** Counts over every check and every observation, local ones included. */
  summary: { passed: number; failed: number; skipped: number; observed: number; notObserved: number };
}

export interface RunOptions {
  /** Runs of each property-based check (fast-check). Default 25. */
  propertyRuns?: number;
  /**
   * Seed of the custom field values the round-trip checks write and of the property-based checks,
   * so a failure can be replayed. Default: a random one, reported.
   */
  seed?: number;
  /** How long to wait for a video to become ready (ms). Default 60 000. */
  readyTimeoutMs?: number;
  /** How long one request may take to be answered (ms) before its check fails. Default 30 000. */
  requestTimeoutMs?: number;
  /** Poll interval while waiting (ms). Default 100. */
  pollIntervalMs?: number;
  /** Videos in the interleaved stateful sequence. Default 3. */
  sequenceVideos?: number;
  /** Upper bound of requests the rate-limit probe sends. Default 60. */
  rateLimitProbeRequests?: number;
  /** Entries sent by the videos-per-create probe. Default 101. */
  createLimitProbeSize?: number;
  /** Characters of the title sent by the field-length probe. Default 10 000. */
  fieldLengthProbeSize?: number;
  /** Register a webhook receiver through this function (the document does not show how, §6). */
  registerWebhook?: (url: string) => Promise<{ secret?: string } | undefined>;
  /** Called after each check or observation, e.g. to print progress. */
  onResult?: (result: CheckResult | Observation) => void;
  /** `safe` or `full`; default `full` for a loopback or in-process target, `safe` otherwise. */
  profile?: Profile;
  /** Total time the run may wait out 429 answers (ms); a 429 beyond it is a verdict. Default 120 000. */
  maxWaitMs?: number;
  /** Most videos the run creates; a create beyond it is not sent. Default 10 with `safe`, unbounded with `full`. */
  maxVideos?: number;
  /** Longest poll interval of the backoff (ms). Default 5 000 with `safe`, `pollIntervalMs` with `full`. */
  maxPollIntervalMs?: number;
  /** Bytes the `file-size-limit` probe declares (never sent). Default 1 TiB; `safe` skips the probe. */
  declaredUploadBytes?: number;
  /** How often a wait reports that it is still waiting (ms). Default 10 000. */
  heartbeatMs?: number;
  /** Run only the checks and probes these select (ids, `§4.4` sections, tags); setup checks always run. */
  only?: string[];
  /** Do not run the checks and probes these select. */
  skip?: string[];
  /** Called for progress: each result, a heartbeat during waits, each 429 waited out. */
  onProgress?: (event: ProgressEvent) => void;
}

/** What a run reports while it runs (`onProgress`), e.g. for `--reporter json-lines`. */
export type ProgressEvent =
  | { type: 'check'; result: CheckResult }
  | { type: 'observation'; result: Observation }
  | { type: 'waiting'; what: string; elapsedMs: number; polls: number; lastState: string }
  | { type: 'rate-limited'; request: string; waitMs: number; spentMs: number; budgetMs: number };
