// generated — do not edit. Source: spec/openapi.yaml. Regenerate with `pnpm generate`.
/**
 * Every `x-unspecified` marker of the spec, keyed by id, with the JSON Pointer of its node and
 * the machine-readable `meaning` of its readings where the spec gives one (from meaning.ts).
 */
import { authGetVideoMeaning, authUpdateCustomFieldsMeaning, createAnswerOrderMeaning, createEmptyVideosMeaning, customFieldFormatsMeaning, customFieldNullMeaning, customFieldTypesMeaning, errorCodesMeaning, errorShapeMeaning, fieldLengthLimitsMeaning, fileSizeLimitMeaning, listOrderMeaning, mediaTypeRefusalMeaning, rateLimitsMeaning, readinessFieldMeaning, statusCodesMeaning, tokenRefusalMeaning, unknownProjectKeyMeaning, unknownVideoKeyMeaning, uploadFormPartsMeaning, uploadResponseBodyMeaning, uploadSourceFilesMeaning, videoRecordFieldsMeaning, videoStatesMeaning, videoTransitionsMeaning, videosPerCreateLimitMeaning, webhookMethodMeaning, webhookPayloadMeaning, webhookRegistrationMeaning, webhookSecurityMeaning, webhookSigningMeaning } from './meaning.js';

export const unspecified = {
  "status-codes": {
    "id": "status-codes",
    "pointer": "",
    "source": "4.5",
    "says": "Response status codes of all endpoints: not shown.",
    "readings": {
      "all-200": "Every successful response uses 200.",
      "semantic": "Create answers 201, upload answers 202 (accepted for processing), get and update answer 200."
    },
    "mock": "all-200",
    "meaning": statusCodesMeaning,
    "describedIn": [
      {
        "at": "/paths/~1api~1v1~1videos/post/responses/2XX/description",
        "text": "The exact status code is not shown (§4.5)."
      },
      {
        "at": "/paths/~1api~1v1~1videos~1{videoKey}/get/responses/2XX/description",
        "text": "The exact status code is not shown (§4.5)."
      },
      {
        "at": "/paths/~1api~1v1~1videos~1{videoKey}~1custom-fields/put/responses/2XX/description",
        "text": "The exact status code is not shown (§4.5)."
      },
      {
        "at": "/paths/~1api~1upload~1v1~1form-data~1videos~1{videoKey}/post/responses/2XX/description",
        "text": "The status code (§4.5) and the response body (§4.2) are not shown."
      }
    ]
  },
  "error-codes": {
    "id": "error-codes",
    "pointer": "",
    "source": "7",
    "says": "Error response shape, error codes and the conditions that cause them: not shown.",
    "readings": {
      "validation-400": "A request that fails validation is answered 400.",
      "validation-422": "A request that fails validation is answered 422."
    },
    "mock": "validation-400",
    "meaning": errorCodesMeaning,
    "describedIn": [
      {
        "at": "/components/responses/Error/description",
        "text": "The error response shape, error codes and the conditions that cause them are not shown (§7), and so are the status codes (§4.5)."
      }
    ]
  },
  "rate-limits": {
    "id": "rate-limits",
    "pointer": "",
    "source": "8",
    "says": "Rate limits, file size limits, the number of videos per create request, and field length limits: not shown.",
    "readings": {
      "none": "No rate limit is enforced.",
      "429-retry-after": "Requests beyond a per-token budget are answered 429 with a Retry-After header."
    },
    "mock": "none",
    "meaning": rateLimitsMeaning
  },
  "field-length-limits": {
    "id": "field-length-limits",
    "pointer": "",
    "source": "8",
    "says": "Rate limits, file size limits, the number of videos per create request, and field length limits: not shown.",
    "readings": {
      "unlimited": "Titles, tags and custom field values of any length are accepted.",
      "limited": "Titles, tags, custom field names and text custom field values longer than 255 characters are refused as a request that does not validate, with the status of the error-codes reading."
    },
    "mock": "unlimited",
    "meaning": fieldLengthLimitsMeaning
  },
  "versioning-policy": {
    "id": "versioning-policy",
    "pointer": "",
    "source": "9",
    "says": "Deprecation policy and other versioning rules: not shown.",
    "noReadings": "Nothing a client sends or receives under v1 depends on it; a policy would show only when a version is deprecated or another one appears, so there is no behaviour of v1 to choose between."
  },
  "webhook-registration": {
    "id": "webhook-registration",
    "pointer": "",
    "source": "6",
    "says": "Webhook event kinds, payload, registration and signing: not shown.",
    "note": "No operation of the document registers a webhook receiver, and a client cannot use webhooks without one.",
    "readings": {
      "outside-api": "A receiver is registered outside the API, in the service's account area where the access token is generated (§5), with its URL; no request of the API registers one.",
      "api-endpoint": "A receiver is registered by a request of the API: POST {base_url}/api/v1/webhooks with the Bearer token and a JSON body {url, secret?}, answered 201 with {id, url, secret}; a body that does not validate is refused with the status of the error-codes reading, a missing or wrong token with that of the token-refusal reading, and a body of another media type than JSON with that of the media-type-refusal reading."
    },
    "mock": "outside-api",
    "meaning": webhookRegistrationMeaning
  },
  "media-type-refusal": {
    "id": "media-type-refusal",
    "pointer": "",
    "source": "7",
    "says": "Error response shape, error codes and the conditions that cause them: not shown.",
    "readings": {
      "unsupported-415": "A body of another media type than the operation takes (JSON for create and update, multipart/form-data for upload) is answered 415 Unsupported Media Type.",
      "bad-request-400": "A body of another media type than the operation takes is answered 400, as any malformed request."
    },
    "mock": "unsupported-415",
    "meaning": mediaTypeRefusalMeaning
  },
  "videos-per-create-limit": {
    "id": "videos-per-create-limit",
    "pointer": "/paths/~1api~1v1~1videos/post",
    "source": "8",
    "says": "Rate limits, file size limits, the number of videos per create request, and field length limits: not shown.",
    "readings": {
      "unlimited": "Any number of videos is accepted in one create request.",
      "limited": "More than 100 videos in one request are refused as a request that does not validate, with the status of the error-codes reading."
    },
    "mock": "unlimited",
    "meaning": videosPerCreateLimitMeaning
  },
  "create-answer-order": {
    "id": "create-answer-order",
    "pointer": "/paths/~1api~1v1~1videos/post",
    "source": "4.1",
    "says": "Response: a JSON array with one element per requested video, in the shape of the video record in part 2 (key, title, primaryPlaybackUrl).",
    "note": "The order of the elements is not shown.",
    "readings": {
      "request-order": "The elements follow the order of the requested videos.",
      "reverse-order": "The elements come in the reverse order of the requested videos (newest first).",
      "any-order": "The elements come in an order of the server's own, neither the requested order nor its reverse; a client matches them to its videos by title."
    },
    "mock": "request-order",
    "meaning": createAnswerOrderMeaning,
    "describedIn": [
      {
        "at": "/components/examples/CreateThreeVideosResponse/summary",
        "text": "here in request order, the mock's default; the order is not shown"
      },
      {
        "at": "/paths/~1api~1v1~1videos/post/responses/2XX/links/uploadVideoSource/description",
        "text": "Which requested video the first element is depends on the order of the answer (create-answer-order)."
      }
    ]
  },
  "upload-host": {
    "id": "upload-host",
    "pointer": "/paths/~1api~1upload~1v1~1form-data~1videos~1{videoKey}/post/servers/0",
    "source": "4.2",
    "says": "Host of the upload endpoint: not shown.",
    "noReadings": "The host is an address a client is given, not a behaviour it observes; the spec leaves it to the server variable upload_base_url, which a client sets apart from the base address."
  },
  "file-size-limit": {
    "id": "file-size-limit",
    "pointer": "/paths/~1api~1upload~1v1~1form-data~1videos~1{videoKey}/post",
    "source": "8",
    "says": "Rate limits, file size limits, the number of videos per create request, and field length limits: not shown.",
    "readings": {
      "rejects-413": "Files larger than a limit are refused with 413, without the body being read in full.",
      "no-limit": "Files of any size are accepted."
    },
    "mock": "rejects-413",
    "meaning": fileSizeLimitMeaning
  },
  "upload-source-files": {
    "id": "upload-source-files",
    "pointer": "/paths/~1api~1upload~1v1~1form-data~1videos~1{videoKey}/post",
    "source": "4.2",
    "says": "Content of the video source file.",
    "note": "Which files a server takes as a video source (containers, codecs, anything else) is not shown.",
    "readings": {
      "any-file": "Any file is taken as the source, whatever its bytes (the file part is application/octet-stream); one the service cannot read as a video fails in processing.",
      "video-only": "Only a video is taken as the source (the file part is video/*): a file that does not begin as a video container does (MP4 or QuickTime, Matroska or WebM, MPEG transport or program stream, AVI, FLV, Ogg) is refused as a request that does not validate, with the status of the error-codes reading."
    },
    "mock": "any-file",
    "meaning": uploadSourceFilesMeaning
  },
  "video-transitions": {
    "id": "video-transitions",
    "pointer": "/paths/~1api~1upload~1v1~1form-data~1videos~1{videoKey}/post",
    "source": "3",
    "says": "Transitions: not shown.",
    "note": "§3 shows one path, upload then processing until ready; the words of the states are video-states. What is not shown is where a video goes from there: whether a video that has a source (processing, ready or failed) takes another upload, and what becomes of it.",
    "readings": {
      "reupload-reprocesses": "A second upload to the same key, whatever the video's state (failed included), replaces the source and processing starts again; no state is final.",
      "reupload-rejected": "A second upload to a key that already has a source is refused with 409, whatever the video's state; ready and failed are final.",
      "reupload-until-ready": "A second upload to a video that is not ready yet (its source received, processing, or failed) replaces the source and processing starts again; once the video is ready, a second upload is refused with 409; ready is final."
    },
    "mock": "reupload-reprocesses",
    "meaning": videoTransitionsMeaning
  },
  "upload-response-body": {
    "id": "upload-response-body",
    "pointer": "/paths/~1api~1upload~1v1~1form-data~1videos~1{videoKey}/post/responses/2XX",
    "source": "4.2",
    "says": "Response body of the upload request: not shown.",
    "readings": {
      "empty": "The response has no body.",
      "video-record": "The response is the video record in the shape of §4.3.",
      "upload-receipt": "The response is a JSON object describing the stored file (video key and size in bytes)."
    },
    "mock": "video-record",
    "meaning": uploadResponseBodyMeaning,
    "describedIn": [
      {
        "at": "/paths/~1api~1upload~1v1~1form-data~1videos~1{videoKey}/post/responses/2XX/description",
        "text": "The status code (§4.5) and the response body (§4.2) are not shown."
      }
    ]
  },
  "auth-get-video": {
    "id": "auth-get-video",
    "pointer": "/paths/~1api~1v1~1videos~1{videoKey}/get",
    "source": "5",
    "says": "Authorization rules for the get-video and update-custom-fields endpoints: not shown.",
    "readings": {
      "required": "A valid Bearer token is required; without one the answer is 401.",
      "not-required": "The video is returned with or without a token.",
      "owner-only": "Only the token that created the video may read it; other tokens get 403, and a request without a token 401."
    },
    "mock": "required",
    "meaning": authGetVideoMeaning
  },
  "readiness-field": {
    "id": "readiness-field",
    "pointer": "/paths/~1api~1v1~1videos~1{videoKey}/get/responses/2XX",
    "source": "4.3",
    "says": "The field that shows readiness: not shown.",
    "readings": {
      "status-string": "A `status` string names the video's state; one of them means ready.",
      "ready-flag": "A boolean `ready` is true once the video can be played.",
      "playback-only": "No field shows readiness; the HLS playlist answers once the video is ready."
    },
    "mock": "status-string",
    "meaning": readinessFieldMeaning,
    "describedIn": [
      {
        "at": "/paths/~1api~1v1~1videos~1{videoKey}/get/description",
        "text": "the field that shows readiness is not shown."
      }
    ]
  },
  "auth-update-custom-fields": {
    "id": "auth-update-custom-fields",
    "pointer": "/paths/~1api~1v1~1videos~1{videoKey}~1custom-fields/put",
    "source": "5",
    "says": "Authorization rules for the get-video and update-custom-fields endpoints: not shown.",
    "readings": {
      "required": "A valid Bearer token is required; without one the answer is 401.",
      "not-required": "Fields are written with or without a token.",
      "owner-only": "Only the token that created the video may write its fields; other tokens get 403, and a request without a token 401."
    },
    "mock": "required",
    "meaning": authUpdateCustomFieldsMeaning
  },
  "custom-fields-omitted": {
    "id": "custom-fields-omitted",
    "pointer": "/paths/~1api~1v1~1videos~1{videoKey}~1custom-fields/put",
    "source": "4.4",
    "says": "Whether omitted fields are kept or removed: not shown.",
    "readings": {
      "merge": "Fields absent from the body keep their stored values.",
      "replace": "Fields absent from the body are removed."
    },
    "mock": "merge",
    "describedIn": [
      {
        "at": "/paths/~1api~1v1~1videos~1{videoKey}~1custom-fields/put/description",
        "text": "Whether fields absent from the body are kept or removed is not shown."
      }
    ]
  },
  "webhook-method": {
    "id": "webhook-method",
    "pointer": "/webhooks/videoReadiness/post",
    "source": "6",
    "says": "A webhook is offered as an alternative to polling for learning when a video is ready.",
    "note": "Its HTTP method is not shown; OpenAPI needs one, so the delivery is written under post.",
    "readings": {
      "post": "Each delivery is a POST request with the payload as its body.",
      "put": "Each delivery is a PUT request with the payload as its body."
    },
    "mock": "post",
    "meaning": webhookMethodMeaning,
    "describedIn": [
      {
        "at": "/webhooks/videoReadiness/post/description",
        "text": "Its event kinds, payload and signing are not shown, nor its HTTP method or how a receiver authenticates a delivery; the body is left open here, and the method this operation sits under is only where OpenAPI needs one."
      }
    ]
  },
  "webhook-security": {
    "id": "webhook-security",
    "pointer": "/webhooks/videoReadiness/post",
    "source": "6",
    "says": "A webhook is offered as an alternative to polling for learning when a video is ready. Webhook event kinds, payload, registration and signing: not shown.",
    "note": "How a receiver knows a delivery comes from the service is not shown beyond \"signing\".",
    "readings": {
      "none": "A delivery carries no credential; its authenticity rests on its signature, if any (webhook-signing).",
      "bearer-secret": "Each delivery carries \"Authorization: Bearer <secret>\", the secret given at registration."
    },
    "mock": "none",
    "meaning": webhookSecurityMeaning,
    "describedIn": [
      {
        "at": "/webhooks/videoReadiness/post/description",
        "text": "Its event kinds, payload and signing are not shown, nor its HTTP method or how a receiver authenticates a delivery; the body is left open here, and the method this operation sits under is only where OpenAPI needs one."
      },
      {
        "at": "/components/securitySchemes/webhookSecret/description",
        "text": "Whether deliveries carry any credential is not shown (§6)."
      }
    ]
  },
  "webhook-events": {
    "id": "webhook-events",
    "pointer": "/webhooks/videoReadiness/post",
    "source": "6",
    "says": "Webhook event kinds, payload, registration and signing: not shown.",
    "readings": {
      "per-state": "An event is sent on every state change of a video.",
      "ready-only": "Events are sent only when a video becomes ready or fails."
    },
    "mock": "per-state",
    "describedIn": [
      {
        "at": "/webhooks/videoReadiness/post/description",
        "text": "Its event kinds, payload and signing are not shown, nor its HTTP method or how a receiver authenticates a delivery; the body is left open here, and the method this operation sits under is only where OpenAPI needs one."
      }
    ]
  },
  "webhook-payload": {
    "id": "webhook-payload",
    "pointer": "/webhooks/videoReadiness/post",
    "source": "6",
    "says": "Webhook event kinds, payload, registration and signing: not shown.",
    "readings": {
      "envelope": "An envelope: id, type, createdAt and data holding the video key and state.",
      "flat": "A flat object: event, videoKey, state and timestamp.",
      "video-record": "The event name and the whole video record as get-video returns it."
    },
    "mock": "envelope",
    "meaning": webhookPayloadMeaning,
    "describedIn": [
      {
        "at": "/webhooks/videoReadiness/post/description",
        "text": "Its event kinds, payload and signing are not shown, nor its HTTP method or how a receiver authenticates a delivery; the body is left open here, and the method this operation sits under is only where OpenAPI needs one."
      },
      {
        "at": "/webhooks/videoReadiness/post/requestBody/description",
        "text": "The payload is not shown (§6)."
      }
    ]
  },
  "webhook-signing": {
    "id": "webhook-signing",
    "pointer": "/webhooks/videoReadiness/post",
    "source": "6",
    "says": "Webhook event kinds, payload, registration and signing: not shown.",
    "readings": {
      "hmac-sha256-timestamped": "A Webhook-Signature header carries a timestamp and an HMAC-SHA256 of \"timestamp.body\" under a shared secret.",
      "hmac-sha256-body": "A Webhook-Signature header carries an HMAC-SHA256 of the raw body under a shared secret.",
      "unsigned": "Deliveries carry no signature."
    },
    "mock": "hmac-sha256-timestamped",
    "meaning": webhookSigningMeaning,
    "describedIn": [
      {
        "at": "/webhooks/videoReadiness/post/description",
        "text": "Its event kinds, payload and signing are not shown, nor its HTTP method or how a receiver authenticates a delivery; the body is left open here, and the method this operation sits under is only where OpenAPI needs one."
      }
    ]
  },
  "webhook-delivery": {
    "id": "webhook-delivery",
    "pointer": "/webhooks/videoReadiness/post",
    "source": "6",
    "says": "A webhook is offered as an alternative to polling for learning when a video is ready.",
    "note": "Nothing of its delivery is shown.",
    "readings": {
      "once-in-order": "Each event is delivered once, in the order it happened, retried on failure.",
      "duplicates": "Events may be delivered more than once.",
      "reordered": "Events of one video may arrive out of order."
    },
    "mock": "once-in-order"
  },
  "token-refusal": {
    "id": "token-refusal",
    "pointer": "/components/securitySchemes/bearerAuth",
    "source": "7",
    "says": "Error response shape, error codes and the conditions that cause them: not shown.",
    "readings": {
      "unauthorized-401": "A missing or wrong token on create and upload is answered 401 with a WWW-Authenticate Bearer challenge (RFC 6750).",
      "forbidden-403": "A missing or wrong token on create and upload is answered 403; the SDKs of the real service behind this interface (ByteArk Stream) treat 403 as the final refusal of a token."
    },
    "mock": "unauthorized-401",
    "meaning": tokenRefusalMeaning
  },
  "unknown-video-key": {
    "id": "unknown-video-key",
    "pointer": "/components/parameters/VideoKey",
    "source": "7",
    "says": "Error response shape, error codes and the conditions that cause them: not shown.",
    "readings": {
      "not-found-404": "A key no video has is answered 404 Not Found on upload, get and update.",
      "forbidden-403": "A key no video has is answered 403, as a video of another account is, so that a caller cannot tell which keys exist.",
      "bad-request-400": "A key no video has is answered 400, as a request whose input does not validate."
    },
    "mock": "not-found-404",
    "meaning": unknownVideoKeyMeaning
  },
  "error-shape": {
    "id": "error-shape",
    "pointer": "/components/responses/Error",
    "source": "7",
    "says": "Error response shape, error codes and the conditions that cause them: not shown.",
    "readings": {
      "problem-json": "RFC 9457 problem details (application/problem+json: type, title, status, detail), with an errors extension member listing the problems of a request that did not validate.",
      "message-object": "A JSON object with a message member, and an errors member listing the problems of a request that did not validate.",
      "error-object": "A JSON object with an error member holding code and message, and details listing the problems of a request that did not validate."
    },
    "mock": "problem-json",
    "meaning": errorShapeMeaning,
    "describedIn": [
      {
        "at": "/components/responses/Error/description",
        "text": "The error response shape, error codes and the conditions that cause them are not shown (§7), and so are the status codes (§4.5)."
      }
    ]
  },
  "unknown-project-key": {
    "id": "unknown-project-key",
    "pointer": "/components/schemas/CreateVideosRequest/properties/projectKey",
    "source": "7",
    "says": "Error response shape, error codes and the conditions that cause them: not shown.",
    "note": "What create does with a projectKey that names no project, or a project of another account, is not shown.",
    "readings": {
      "any-accepted": "Any projectKey is taken; the videos are created under it.",
      "not-found-404": "A projectKey that names no project the token may upload to (none by that key, or one of another account) is answered 404.",
      "forbidden-403": "A projectKey that names no project the token may upload to (none by that key, or one of another account) is answered 403."
    },
    "mock": "any-accepted",
    "meaning": unknownProjectKeyMeaning
  },
  "create-empty-videos": {
    "id": "create-empty-videos",
    "pointer": "/components/schemas/CreateVideosRequest/properties/videos",
    "source": "1",
    "says": "Create one or more video records with a JSON request.",
    "note": "What a create with an empty videos list does is not shown.",
    "readings": {
      "rejected": "A create whose videos list is empty is refused as a request that does not validate, with the status of the error-codes reading.",
      "accepted-empty": "A create whose videos list is empty (0 videos) is answered with the success status of create and an empty array, creating nothing."
    },
    "mock": "rejected",
    "meaning": createEmptyVideosMeaning
  },
  "streaming-domain": {
    "id": "streaming-domain",
    "pointer": "/components/schemas/HlsPlayback/properties/url",
    "source": "2",
    "says": "Address of an HLS playlist (.m3u8) under the streaming domain, with the video key in the path.",
    "note": "The streaming domain itself is not named.",
    "noReadings": "The domain is an address the server gives in each answer, not a behaviour to choose between; a client follows the URL it is given (the mock's is its streaming base option)."
  },
  "video-record-fields": {
    "id": "video-record-fields",
    "pointer": "/components/schemas/Video",
    "source": "2",
    "says": "Full field list of the video record: not shown beyond those listed.",
    "readings": {
      "listed-only": "Only videoKey, simpleCustomFields, the readiness field and the alternative formats of custom fields (custom-field-formats) are returned.",
      "with-extra-fields": "Other fields of the record (title, tags, playback information, timestamps) are returned too."
    },
    "mock": "with-extra-fields",
    "meaning": videoRecordFieldsMeaning,
    "describedIn": [
      {
        "at": "/components/schemas/Video/description",
        "text": "The reference shortens these bodies: fields unrelated to custom fields are omitted there, so the record is open."
      }
    ]
  },
  "custom-field-formats": {
    "id": "custom-field-formats",
    "pointer": "/components/schemas/Video",
    "source": "2",
    "says": "The list of all custom field types, how custom fields are defined, and the alternative formats to simpleCustomFields: not shown.",
    "readings": {
      "simple-only": "Custom fields appear only in simpleCustomFields.",
      "with-custom-fields": "Beside simpleCustomFields the record carries customFields, an object keyed by field name whose members hold the value and the type of the field (the real service behind this interface, ByteArk Stream, documents such a member).",
      "with-field-entries": "Beside simpleCustomFields the record carries customFields and customFieldEntries, a list with one {key, value, type} entry per field, as ByteArk Stream documents both."
    },
    "mock": "simple-only",
    "meaning": customFieldFormatsMeaning
  },
  "video-states": {
    "id": "video-states",
    "pointer": "/components/schemas/Video",
    "source": "3",
    "says": "Video states: not shown.",
    "readings": {
      "basic": "States: created, processing, ready, failed.",
      "detailed": "States: created, uploading, uploaded, processing, ready, failed.",
      "processing-stages": "The processing stages the real service behind this interface (ByteArk Stream) names in its webhook guide: Source waiting (no source yet), Source ingression (the source arriving), Processing, Partially completed (some renditions done); then ready or failed, words for the end that guide does not show, so this reading takes the other readings' words for them."
    },
    "mock": "basic",
    "meaning": videoStatesMeaning
  },
  "custom-field-types": {
    "id": "custom-field-types",
    "pointer": "/components/schemas/ReadCustomFields",
    "source": "2",
    "says": "The list of all custom field types, how custom fields are defined, and the alternative formats to simpleCustomFields: not shown.",
    "note": "Whether a value read is always one of the five forms of §2 follows from the list of types, which is not shown.",
    "readings": {
      "listed-forms": "Every value read is in one of the five JSON forms of §2 (string, number, boolean, date-time string, array of strings).",
      "any-json": "A value read may also be null or a JSON value of a form §2 does not list."
    },
    "mock": "listed-forms",
    "meaning": customFieldTypesMeaning,
    "describedIn": [
      {
        "at": "/components/schemas/ReadCustomFields/description",
        "text": "the list of all custom field types is not shown, so this schema accepts what either reading of custom-field-types allows, and only writes are checked (SimpleCustomFields)."
      },
      {
        "at": "/components/schemas/ReadCustomFieldValue/description",
        "text": "A custom field value as a response holds it: one of the JSON forms of §2 (CustomFieldValue), or, under the any-json reading of custom-field-types, null or any other JSON value."
      }
    ]
  },
  "custom-field-definition": {
    "id": "custom-field-definition",
    "pointer": "/components/schemas/SimpleCustomFields",
    "source": "2",
    "says": "The list of all custom field types, how custom fields are defined, and the alternative formats to simpleCustomFields: not shown.",
    "readings": {
      "implicit": "Any field name may be written; writing a new name creates the field.",
      "predefined": "Only fields defined beforehand may be written, with a value of any form; an unknown name is refused as a request that does not validate, with the status of the error-codes reading.",
      "typed": "Fields are defined beforehand on the server, each with a type (text, number, switch or labels, as the real service behind this interface, ByteArk Stream, defines them): an unknown name, or a value not of its field's type, is refused as a request that does not validate, with the status of the error-codes reading."
    },
    "mock": "implicit"
  },
  "custom-field-null": {
    "id": "custom-field-null",
    "pointer": "/components/schemas/SimpleCustomFields",
    "source": "2",
    "says": "Values appear in these JSON forms:",
    "note": "The forms are string, number, boolean, an ISO 8601 UTC date-time string and an array of strings; what a null value does is not shown.",
    "readings": {
      "rejected": "A null value is refused as a request that does not validate, with the status of the error-codes reading.",
      "removes-field": "A null value removes the field."
    },
    "mock": "rejected",
    "meaning": customFieldNullMeaning,
    "describedIn": [
      {
        "at": "/components/schemas/SimpleCustomFields/description",
        "text": "Whether null is accepted, and what it does, is not shown: the schema accepts it and the `custom-field-null` reading decides."
      },
      {
        "at": "/components/schemas/SimpleCustomFields/additionalProperties/anyOf/1/description",
        "text": "Refused, or removes the field, as the custom-field-null reading says (§2 does not show null)."
      }
    ]
  },
  "date-time-read-back": {
    "id": "date-time-read-back",
    "pointer": "/components/schemas/CustomFieldValue/anyOf/3",
    "source": "2",
    "says": "string in ISO 8601 UTC date-time form (<timestamp>)",
    "note": "Whether a date-time value reads back as the text written, or as the same instant written another way, is not shown.",
    "readings": {
      "same-text": "A date-time value reads back as the very text written.",
      "normalized": "A string value that reads as a date-time reads back as the same instant in the server's own form, in UTC with milliseconds (2026-11-22T08:30:00.000Z for 2026-11-22T08:30:00Z or 2026-11-22T09:30:00+01:00)."
    },
    "mock": "same-text"
  },
  "list-order": {
    "id": "list-order",
    "pointer": "/components/schemas/CustomFieldValue/anyOf/4",
    "source": "2",
    "says": "Values appear in these JSON forms … array of strings … multi-value text",
    "note": "Whether a server keeps the order in which the strings were written is not shown.",
    "readings": {
      "kept": "The strings are read back in the order they were written.",
      "any-order": "The strings are read back in an order of the server's own; the same strings, each as often as written."
    },
    "mock": "kept",
    "meaning": listOrderMeaning
  },
  "upload-form-parts": {
    "id": "upload-form-parts",
    "pointer": "/components/schemas/UploadVideoSourceRequest",
    "source": "4.2",
    "says": "Body: multipart/form-data. … file | binary | yes | Content of the video source file.",
    "note": "Parts other than file, and how the file part is sent (its file name, its media type), are not shown.",
    "readings": {
      "extra-parts-ignored": "Parts other than file are ignored. The file is the part named file sent as a file (with a file name, or of the media type application/octet-stream, as browsers and form libraries send one), of any media type. A part whose header is not well formed (a name holding control characters, which a quoted string cannot hold) makes the body malformed, refused as a request that does not validate, with the status of the error-codes reading.",
      "lenient": "Parts other than file are ignored, also those whose header is not well formed (a name holding control characters); the file part is taken as under extra-parts-ignored.",
      "file-only": "A form with any part other than file is refused as a request that does not validate, with the status of the error-codes reading."
    },
    "mock": "extra-parts-ignored",
    "meaning": uploadFormPartsMeaning
  }
} as const;
