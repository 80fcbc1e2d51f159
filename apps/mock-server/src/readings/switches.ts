/**
 * What each reading turns on, for the unknowns whose readings switch one check or behaviour on or
 * off: one table per unknown, keyed by its readings in the spec, so a reading added to the spec is a
 * type error here until it is given its answer.
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

/** §4.2: whether a second upload to a video that has a source is refused (409). */
export const rejectsReupload: Switch<'video-transitions'> = {
  'reupload-reprocesses': false,
  'reupload-rejected': true,
};

/** §2: whether a `null` custom field value is refused (else it removes the field). */
export const rejectsNullField: Switch<'custom-field-null'> = { rejected: true, 'removes-field': false };

/** §4.4: whether fields absent from an update are removed (else they keep their values). */
export const replacesOmittedFields: Switch<'custom-fields-omitted'> = { merge: false, replace: true };

/** §4.3: whether the get representation shows the record's other fields (title, tags, …). */
export const showsExtraFields: Switch<'video-record-fields'> = {
  'listed-only': false,
  'with-extra-fields': true,
};

/**
 * §2: whether a read shows values outside the five forms: every defined field the video has no
 * value for, as `null` (else such a field is left out).
 */
export const showsUnsetFields: Switch<'custom-field-types'> = { 'listed-forms': false, 'any-json': true };
