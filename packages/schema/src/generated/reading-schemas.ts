// generated — do not edit. Source: spec/openapi.yaml. Regenerate with `pnpm generate`.
/** Zod schemas of the bodies that readings produce, from the JSON Schemas of their `meaning` in the spec. */
import * as z from 'zod';

export const readingSchemas = {
  "upload-response-body": {
    "empty": z.never(),
    "video-record": z.looseObject({
      "videoKey": z.string(),
      "simpleCustomFields": z.looseObject({})
    }).describe("The video record in the shape of §4.3 (its required members; the record is open)."),
    "upload-receipt": z.looseObject({
      "videoKey": z.string(),
      "size": z.int().min(0).describe("The size of the stored file in bytes.")
    }).describe("The stored file; other members may appear."),
  },
  "readiness-field": {
    "status-string": z.looseObject({
      "status": z.string().describe("The state of the video, one of the words of `video-states`.")
    }).describe("The members the reading adds to the video record."),
    "ready-flag": z.looseObject({
      "ready": z.boolean().describe("True once the video can be played.")
    }).describe("The members the reading adds to the video record."),
    "playback-only": z.looseObject({}).describe("The reading adds no member to the video record."),
  },
  "webhook-payload": {
    "envelope": z.looseObject({
      "id": z.string(),
      "type": z.string(),
      "createdAt": z.string(),
      "data": z.looseObject({
        "videoKey": z.string(),
        "state": z.string()
      })
    }).describe("An envelope: id, type, createdAt and data holding the video key and state; other members may appear."),
    "flat": z.looseObject({
      "event": z.string(),
      "videoKey": z.string(),
      "state": z.string(),
      "timestamp": z.string()
    }).describe("A flat object: event, videoKey, state and timestamp; other members may appear."),
    "video-record": z.looseObject({
      "event": z.string(),
      "video": z.looseObject({
        "videoKey": z.string()
      })
    }).describe("The event name and the whole video record as get-video returns it; other members may appear."),
  },
  "error-shape": {
    "problem-json": z.looseObject({
      "type": z.string().optional(),
      "title": z.string().optional(),
      "status": z.int().optional(),
      "detail": z.string().optional(),
      "errors": z.array(z.looseObject({
        "pointer": z.string().describe("JSON Pointer of the place in the request."),
        "message": z.string()
      })).describe("The problems of a request that did not validate, one per place, where it had any.").optional()
    }).describe("RFC 9457 problem details (every member optional, as RFC 9457 makes them); other members may appear."),
    "message-object": z.looseObject({
      "message": z.string(),
      "errors": z.array(z.looseObject({
        "pointer": z.string().describe("JSON Pointer of the place in the request."),
        "message": z.string()
      })).describe("The problems of a request that did not validate, one per place, where it had any.").optional()
    }).describe("An object with a message member; other members may appear."),
    "error-object": z.looseObject({
      "error": z.looseObject({
        "code": z.union([z.string(), z.int()]),
        "message": z.string(),
        "details": z.array(z.looseObject({
          "pointer": z.string().describe("JSON Pointer of the place in the request."),
          "message": z.string()
        })).describe("The problems of a request that did not validate, one per place, where it had any.").optional()
      })
    }).describe("An object with an error member holding code and message; other members may appear."),
  },
  "custom-field-formats": {
    "simple-only": z.looseObject({}).describe("The reading adds no member to the video record."),
    "with-custom-fields": z.looseObject({
      "customFields": z.object({}).catchall(z.looseObject({
        "value": z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]).describe("The value, in its form of §2."),
        "type": z.string().describe("The type of the field, as ByteArk Stream names the form of its value.")
      }).and(z.union([z.looseObject({
        "value": z.string().optional(),
        "type": z.literal("text").optional()
      }), z.looseObject({
        "value": z.number().optional(),
        "type": z.literal("number").optional()
      }), z.looseObject({
        "value": z.boolean().optional(),
        "type": z.literal("switch").optional()
      }), z.looseObject({
        "value": z.array(z.string()).optional(),
        "type": z.literal("labels").optional()
      })])).describe("The value of a field and its type.")).describe("One member per field, keyed by its name, holding its value and type.")
    }).describe("The members the reading adds to the video record."),
    "with-field-entries": z.looseObject({
      "customFields": z.object({}).catchall(z.looseObject({
        "value": z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]).describe("The value, in its form of §2."),
        "type": z.string().describe("The type of the field, as ByteArk Stream names the form of its value.")
      }).and(z.union([z.looseObject({
        "value": z.string().optional(),
        "type": z.literal("text").optional()
      }), z.looseObject({
        "value": z.number().optional(),
        "type": z.literal("number").optional()
      }), z.looseObject({
        "value": z.boolean().optional(),
        "type": z.literal("switch").optional()
      }), z.looseObject({
        "value": z.array(z.string()).optional(),
        "type": z.literal("labels").optional()
      })])).describe("The value of a field and its type.")).describe("One member per field, keyed by its name, holding its value and type."),
      "customFieldEntries": z.array(z.looseObject({
        "key": z.string().describe("The name of the field."),
        "value": z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]).describe("The value, in its form of §2."),
        "type": z.string().describe("The type of the field, as ByteArk Stream names the form of its value.")
      }).and(z.union([z.looseObject({
        "value": z.string().optional(),
        "type": z.literal("text").optional()
      }), z.looseObject({
        "value": z.number().optional(),
        "type": z.literal("number").optional()
      }), z.looseObject({
        "value": z.boolean().optional(),
        "type": z.literal("switch").optional()
      }), z.looseObject({
        "value": z.array(z.string()).optional(),
        "type": z.literal("labels").optional()
      })]))).describe("One entry per field.")
    }).describe("The members the reading adds to the video record."),
  },
} as const;
