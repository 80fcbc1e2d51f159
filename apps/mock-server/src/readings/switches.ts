/**
 * What each reading turns on, for the unknowns whose readings say only whether one refusal or limit
 * applies: one table per unknown, keyed by its readings in the spec, so a reading added to the spec
 * is a type error here until it is given its answer. How such a refusal answers (its status, its
 * headers) is the reading's meaning in the spec, which the mock's tests hold every answer to.
 * A reading that does something else than apply or skip the check does not fit a boolean: its
 * unknown gets a table of functions where it acts (the behaviour itself per reading, as
 * `OMITTED_FIELDS` in api/update-custom-fields.ts), or a `switch` ending in `unplayed()`.
 */
import type { ReadingOf, UnspecifiedIdWithReadings } from '@video-api/schema';

type Switch<Id extends UnspecifiedIdWithReadings> = Readonly<Record<ReadingOf<Id>, boolean>>;

/** §1 "one or more": whether create refuses an empty `videos` list. */
export const rejectsEmptyCreate: Switch<'create-empty-videos'> = { rejected: true, 'accepted-empty': false };

/** §8: whether create refuses more videos than `maxVideosPerCreate`. */
export const limitsVideosPerCreate: Switch<'videos-per-create-limit'> = { unlimited: false, limited: true };

/** §8: whether titles, tags and text field values longer than `maxFieldLength` are refused. */
export const limitsFieldLength: Switch<'field-length-limits'> = { unlimited: false, limited: true };

/** §8: whether an upload larger than `maxUploadBytes` is refused (413). */
export const limitsUploadSize: Switch<'file-size-limit'> = { 'rejects-413': true, 'no-limit': false };

/** §8: whether each operation takes from its token's request budget (429 with Retry-After past it). */
export const limitsRate: Switch<'rate-limits'> = { none: false, '429-retry-after': true };
