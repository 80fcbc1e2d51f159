// generated — do not edit. Source: spec/openapi.yaml. Regenerate with `pnpm generate`.
/** The bundled OpenAPI 3.1 document, as a plain object. */
import { authGetVideoMeaning, authUpdateCustomFieldsMeaning, createAnswerOrderMeaning, createEmptyVideosMeaning, customFieldFormatsMeaning, customFieldNullMeaning, customFieldTypesMeaning, errorCodesMeaning, errorShapeMeaning, fieldLengthLimitsMeaning, fileSizeLimitMeaning, listOrderMeaning, mediaTypeRefusalMeaning, rateLimitsMeaning, readinessFieldMeaning, statusCodesMeaning, tokenRefusalMeaning, unknownProjectKeyMeaning, unknownVideoKeyMeaning, uploadFormPartsMeaning, uploadResponseBodyMeaning, uploadSourceFilesMeaning, videoRecordFieldsMeaning, videoStatesMeaning, videoTransitionsMeaning, videosPerCreateLimitMeaning, webhookMethodMeaning, webhookPayloadMeaning, webhookRegistrationMeaning, webhookSecurityMeaning, webhookSigningMeaning } from './meaning.js';

export const openapiDocument: Record<string, unknown> = {
  "openapi": "3.1.0",
  "info": {
    "title": "Video Upload and Custom Fields Service",
    "version": "v1",
    "summary": "Create videos, upload their source files, read them, and read and write their custom fields.",
    "description": "Written by hand from the interface document \"Video Upload and Custom Fields Service Interface\".\nEvery statement of that document is encoded here; every part it marks \"not shown\" carries an\n`x-unspecified` marker (id, source section, what the document says, and where a server could\nbehave in several ways, its plausible `readings` and the reading the mock plays by default).\n\nThe service hosts videos for streaming (§1). A client uploads a video in three steps (§1):\ncreate one or more video records, upload the source file of each as multipart form data, then\nwait for processing to finish by polling the get-video endpoint or through a webhook.\n",
    "license": {
      "name": "MIT",
      "identifier": "MIT"
    }
  },
  "servers": [
    {
      "url": "{base_url}",
      "description": "The service's base address (§ \"{base_url} is the service's base address\").",
      "variables": {
        "base_url": {
          "default": "http://localhost:4010",
          "description": "The service's base address. The default is the local mock; the real address is the service's own."
        }
      }
    }
  ],
  "tags": [
    {
      "name": "videos",
      "description": "Video records (§4.1, §4.3)."
    },
    {
      "name": "uploads",
      "description": "Source file upload (§4.2)."
    },
    {
      "name": "custom-fields",
      "description": "User-defined custom fields of a video (§2, §4.4)."
    }
  ],
  "x-unspecified": [
    {
      "id": "status-codes",
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
    {
      "id": "error-codes",
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
    {
      "id": "rate-limits",
      "source": "8",
      "says": "Rate limits, file size limits, the number of videos per create request, and field length limits: not shown.",
      "readings": {
        "none": "No rate limit is enforced.",
        "429-retry-after": "Requests beyond a per-token budget are answered 429 with a Retry-After header."
      },
      "mock": "none",
      "meaning": rateLimitsMeaning
    },
    {
      "id": "field-length-limits",
      "source": "8",
      "says": "Rate limits, file size limits, the number of videos per create request, and field length limits: not shown.",
      "readings": {
        "unlimited": "Titles, tags and custom field values of any length are accepted.",
        "limited": "Titles, tags, custom field names and text custom field values longer than 255 characters are refused as a request that does not validate, with the status of the error-codes reading."
      },
      "mock": "unlimited",
      "meaning": fieldLengthLimitsMeaning
    },
    {
      "id": "versioning-policy",
      "source": "9",
      "says": "Deprecation policy and other versioning rules: not shown.",
      "noReadings": "Nothing a client sends or receives under v1 depends on it; a policy would show only when a version is deprecated or another one appears, so there is no behaviour of v1 to choose between."
    },
    {
      "id": "webhook-registration",
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
    {
      "id": "media-type-refusal",
      "source": "7",
      "says": "Error response shape, error codes and the conditions that cause them: not shown.",
      "readings": {
        "unsupported-415": "A body of another media type than the operation takes (JSON for create and update, multipart/form-data for upload) is answered 415 Unsupported Media Type.",
        "bad-request-400": "A body of another media type than the operation takes is answered 400, as any malformed request."
      },
      "mock": "unsupported-415",
      "meaning": mediaTypeRefusalMeaning
    }
  ],
  "paths": {
    "/api/v1/videos": {
      "post": {
        "operationId": "createVideos",
        "tags": [
          "videos"
        ],
        "summary": "Create one or more video records (§4.1)",
        "description": "Creates one video record per entry of `videos`. The response is a JSON array with one element\nper requested video, in the creation shape of the video record (§2): `key`, `title`,\n`primaryPlaybackUrl`. Each key is used in the upload request (§4.2).\n",
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "x-unspecified": [
          {
            "id": "videos-per-create-limit",
            "source": "8",
            "says": "Rate limits, file size limits, the number of videos per create request, and field length limits: not shown.",
            "readings": {
              "unlimited": "Any number of videos is accepted in one create request.",
              "limited": "More than 100 videos in one request are refused as a request that does not validate, with the status of the error-codes reading."
            },
            "mock": "unlimited",
            "meaning": videosPerCreateLimitMeaning
          },
          {
            "id": "create-answer-order",
            "source": "4.1",
            "says": "Response: a JSON array with one element per requested video, in the shape of the video record in part 2 (key, title, primaryPlaybackUrl).",
            "note": "The order of the elements is not shown.",
            "readings": {
              "request-order": "The elements follow the order of the requested videos.",
              "reverse-order": "The elements come in the reverse order of the requested videos (newest first).",
              "any-order": "The elements come in an order of the server's own, neither the requested order nor its reverse; a client matches them to its videos by title."
            },
            "mock": "request-order",
            "describedIn": [
              {
                "at": "/components/examples/CreateThreeVideosResponse/summary",
                "text": "here in request order, the mock's default; the order is not shown"
              },
              {
                "at": "/paths/~1api~1v1~1videos/post/responses/2XX/links/uploadVideoSource/description",
                "text": "Which requested video the first element is depends on the order of the answer (create-answer-order)."
              }
            ],
            "meaning": createAnswerOrderMeaning
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/CreateVideosRequest"
              },
              "examples": {
                "threeVideos": {
                  "$ref": "#/components/examples/CreateThreeVideosRequest"
                }
              }
            }
          }
        },
        "responses": {
          "2XX": {
            "description": "One element per requested video (§4.1). The exact status code is not shown (§4.5).",
            "content": {
              "application/json": {
                "schema": {
                  "type": "array",
                  "items": {
                    "$ref": "#/components/schemas/CreatedVideo"
                  }
                },
                "examples": {
                  "threeVideos": {
                    "$ref": "#/components/examples/CreateThreeVideosResponse"
                  }
                }
              }
            },
            "links": {
              "uploadVideoSource": {
                "operationId": "uploadVideoSource",
                "parameters": {
                  "videoKey": "$response.body#/0/key"
                },
                "description": "Upload the source file of a created video with its key (§4.1, §4.2). Which requested video the first element is depends on the order of the answer (create-answer-order)."
              },
              "getVideo": {
                "operationId": "getVideo",
                "parameters": {
                  "videoKey": "$response.body#/0/key"
                },
                "description": "Get a created video by its key (§2, §4.3)."
              },
              "updateCustomFields": {
                "operationId": "updateCustomFields",
                "parameters": {
                  "videoKey": "$response.body#/0/key"
                },
                "description": "Write the custom fields of a created video by its key (§2, §4.4)."
              }
            }
          },
          "default": {
            "$ref": "#/components/responses/Error"
          }
        }
      }
    },
    "/api/upload/v1/form-data/videos/{videoKey}": {
      "post": {
        "operationId": "uploadVideoSource",
        "tags": [
          "uploads"
        ],
        "summary": "Upload the source file of one video (§4.2)",
        "description": "Uploads the content of the video source file as multipart form data, in the form field `file`.\nOne request uploads the file of one video. `videoKey` is a key returned by create (§4.1).\nThe host of this endpoint is not shown: clients should let it be configured apart from the\nbase address.\n",
        "servers": [
          {
            "url": "{upload_base_url}",
            "description": "The host of the upload endpoint is not shown (§4.2).",
            "variables": {
              "upload_base_url": {
                "default": "http://localhost:4010",
                "description": "The upload host. The default is the local mock."
              }
            },
            "x-unspecified": {
              "id": "upload-host",
              "source": "4.2",
              "says": "Host of the upload endpoint: not shown.",
              "noReadings": "The host is an address a client is given, not a behaviour it observes; the spec leaves it to the server variable upload_base_url, which a client sets apart from the base address."
            }
          }
        ],
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "x-unspecified": [
          {
            "id": "file-size-limit",
            "source": "8",
            "says": "Rate limits, file size limits, the number of videos per create request, and field length limits: not shown.",
            "readings": {
              "rejects-413": "Files larger than a limit are refused with 413, without the body being read in full.",
              "no-limit": "Files of any size are accepted."
            },
            "mock": "rejects-413",
            "meaning": fileSizeLimitMeaning
          },
          {
            "id": "upload-source-files",
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
          {
            "id": "video-transitions",
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
          }
        ],
        "parameters": [
          {
            "$ref": "#/components/parameters/VideoKey"
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "multipart/form-data": {
              "schema": {
                "$ref": "#/components/schemas/UploadVideoSourceRequest"
              },
              "encoding": {
                "file": {
                  "contentType": "application/octet-stream"
                }
              },
              "examples": {
                "everyValueForm": {
                  "summary": "A source file (stand-in bytes; any file is a video to the mock run without transcoding)",
                  "value": {
                    "file": "stand-in video bytes"
                  }
                }
              }
            }
          }
        },
        "responses": {
          "2XX": {
            "description": "The file was accepted. The status code (§4.5) and the response body (§4.2) are not shown.",
            "x-unspecified": {
              "id": "upload-response-body",
              "source": "4.2",
              "says": "Response body of the upload request: not shown.",
              "readings": {
                "empty": "The response has no body.",
                "video-record": "The response is the video record in the shape of §4.3.",
                "upload-receipt": "The response is a JSON object describing the stored file (video key and size in bytes)."
              },
              "mock": "video-record",
              "describedIn": [
                {
                  "at": "/paths/~1api~1upload~1v1~1form-data~1videos~1{videoKey}/post/responses/2XX/description",
                  "text": "The status code (§4.5) and the response body (§4.2) are not shown."
                }
              ],
              "meaning": uploadResponseBodyMeaning
            },
            "content": {
              "*/*": {
                "schema": {}
              }
            },
            "links": {
              "getVideo": {
                "operationId": "getVideo",
                "parameters": {
                  "videoKey": "$request.path.videoKey"
                },
                "description": "Poll the uploaded video until it is ready (§1 step 3, §4.3)."
              }
            }
          },
          "default": {
            "$ref": "#/components/responses/Error"
          }
        }
      }
    },
    "/api/v1/videos/{videoKey}": {
      "get": {
        "operationId": "getVideo",
        "tags": [
          "videos"
        ],
        "summary": "Get a video (§4.3)",
        "description": "Returns the video record with `videoKey` and `simpleCustomFields`, which holds every custom\nfield as a name/value pair. Polling this endpoint is one way to wait for readiness; the field\nthat shows readiness is not shown.\n",
        "security": [
          {
            "bearerAuth": []
          },
          {}
        ],
        "x-unspecified": {
          "id": "auth-get-video",
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
        "parameters": [
          {
            "$ref": "#/components/parameters/VideoKey"
          }
        ],
        "responses": {
          "2XX": {
            "description": "The video record (§4.3). The exact status code is not shown (§4.5).",
            "x-unspecified": {
              "id": "readiness-field",
              "source": "4.3",
              "says": "The field that shows readiness: not shown.",
              "readings": {
                "status-string": "A `status` string names the video's state; one of them means ready.",
                "ready-flag": "A boolean `ready` is true once the video can be played.",
                "playback-only": "No field shows readiness; the HLS playlist answers once the video is ready."
              },
              "mock": "status-string",
              "describedIn": [
                {
                  "at": "/paths/~1api~1v1~1videos~1{videoKey}/get/description",
                  "text": "the field that shows readiness is not shown."
                }
              ],
              "meaning": readinessFieldMeaning
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Video"
                },
                "examples": {
                  "everyValueForm": {
                    "$ref": "#/components/examples/VideoWithCustomFields"
                  }
                }
              }
            },
            "links": {
              "updateCustomFields": {
                "operationId": "updateCustomFields",
                "parameters": {
                  "videoKey": "$response.body#/videoKey"
                },
                "description": "Write the custom fields of this video (§4.4)."
              }
            }
          },
          "default": {
            "$ref": "#/components/responses/Error"
          }
        }
      }
    },
    "/api/v1/videos/{videoKey}/custom-fields": {
      "put": {
        "operationId": "updateCustomFields",
        "tags": [
          "custom-fields"
        ],
        "summary": "Update custom fields of a video (§4.4)",
        "description": "Writes custom fields. The body is a JSON object with one member, `simpleCustomFields`. The\nresponse is the video record in the shape of §4.3. Whether fields absent from the body are\nkept or removed is not shown.\n",
        "security": [
          {
            "bearerAuth": []
          },
          {}
        ],
        "x-unspecified": [
          {
            "id": "auth-update-custom-fields",
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
          {
            "id": "custom-fields-omitted",
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
          }
        ],
        "parameters": [
          {
            "$ref": "#/components/parameters/VideoKey"
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/UpdateCustomFieldsRequest"
              },
              "examples": {
                "everyValueForm": {
                  "$ref": "#/components/examples/UpdateEveryValueFormRequest"
                },
                "freeTextNote": {
                  "$ref": "#/components/examples/FreeTextNoteField"
                },
                "integerCounter": {
                  "$ref": "#/components/examples/IntegerCounterField"
                },
                "flag": {
                  "$ref": "#/components/examples/FlagField"
                },
                "dateTime": {
                  "$ref": "#/components/examples/DateTimeField"
                },
                "multiValueText": {
                  "$ref": "#/components/examples/MultiValueTextField"
                }
              }
            }
          }
        },
        "responses": {
          "2XX": {
            "description": "The video record in the shape of §4.3. The exact status code is not shown (§4.5).",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Video"
                },
                "examples": {
                  "everyValueForm": {
                    "$ref": "#/components/examples/VideoWithCustomFields"
                  },
                  "freeTextNote": {
                    "$ref": "#/components/examples/VideoWithFreeTextNote"
                  },
                  "integerCounter": {
                    "$ref": "#/components/examples/VideoWithIntegerCounter"
                  },
                  "flag": {
                    "$ref": "#/components/examples/VideoWithFlag"
                  },
                  "dateTime": {
                    "$ref": "#/components/examples/VideoWithDateTime"
                  },
                  "multiValueText": {
                    "$ref": "#/components/examples/VideoWithMultiValueText"
                  }
                }
              }
            },
            "links": {
              "getVideo": {
                "operationId": "getVideo",
                "parameters": {
                  "videoKey": "$response.body#/videoKey"
                },
                "description": "Read the video back (§4.3)."
              }
            }
          },
          "default": {
            "$ref": "#/components/responses/Error"
          }
        }
      }
    }
  },
  "webhooks": {
    "videoReadiness": {
      "post": {
        "operationId": "videoReadinessWebhook",
        "summary": "Notification that a video is ready (§6)",
        "description": "The document offers a webhook as an alternative to polling for learning when a video is\nready. How a receiver is registered is not shown. Its event kinds, payload and signing are\nnot shown, nor its HTTP method or how a receiver authenticates a delivery; the body is left\nopen here, and the method this operation sits under is only where OpenAPI needs one.\n",
        "x-unspecified": [
          {
            "id": "webhook-method",
            "source": "6",
            "says": "A webhook is offered as an alternative to polling for learning when a video is ready.",
            "note": "Its HTTP method is not shown; OpenAPI needs one, so the delivery is written under post.",
            "readings": {
              "post": "Each delivery is a POST request with the payload as its body.",
              "put": "Each delivery is a PUT request with the payload as its body."
            },
            "mock": "post",
            "describedIn": [
              {
                "at": "/webhooks/videoReadiness/post/description",
                "text": "Its event kinds, payload and signing are not shown, nor its HTTP method or how a receiver authenticates a delivery; the body is left open here, and the method this operation sits under is only where OpenAPI needs one."
              }
            ],
            "meaning": webhookMethodMeaning
          },
          {
            "id": "webhook-security",
            "source": "6",
            "says": "A webhook is offered as an alternative to polling for learning when a video is ready. Webhook event kinds, payload, registration and signing: not shown.",
            "note": "How a receiver knows a delivery comes from the service is not shown beyond \"signing\".",
            "readings": {
              "none": "A delivery carries no credential; its authenticity rests on its signature, if any (webhook-signing).",
              "bearer-secret": "Each delivery carries \"Authorization: Bearer <secret>\", the secret given at registration."
            },
            "mock": "none",
            "describedIn": [
              {
                "at": "/webhooks/videoReadiness/post/description",
                "text": "Its event kinds, payload and signing are not shown, nor its HTTP method or how a receiver authenticates a delivery; the body is left open here, and the method this operation sits under is only where OpenAPI needs one."
              },
              {
                "at": "/components/securitySchemes/webhookSecret/description",
                "text": "Whether deliveries carry any credential is not shown (§6)."
              }
            ],
            "meaning": webhookSecurityMeaning
          },
          {
            "id": "webhook-events",
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
          {
            "id": "webhook-payload",
            "source": "6",
            "says": "Webhook event kinds, payload, registration and signing: not shown.",
            "readings": {
              "envelope": "An envelope: id, type, createdAt and data holding the video key and state.",
              "flat": "A flat object: event, videoKey, state and timestamp.",
              "video-record": "The event name and the whole video record as get-video returns it."
            },
            "mock": "envelope",
            "describedIn": [
              {
                "at": "/webhooks/videoReadiness/post/description",
                "text": "Its event kinds, payload and signing are not shown, nor its HTTP method or how a receiver authenticates a delivery; the body is left open here, and the method this operation sits under is only where OpenAPI needs one."
              },
              {
                "at": "/webhooks/videoReadiness/post/requestBody/description",
                "text": "The payload is not shown (§6)."
              }
            ],
            "meaning": webhookPayloadMeaning
          },
          {
            "id": "webhook-signing",
            "source": "6",
            "says": "Webhook event kinds, payload, registration and signing: not shown.",
            "readings": {
              "hmac-sha256-timestamped": "A Webhook-Signature header carries a timestamp and an HMAC-SHA256 of \"timestamp.body\" under a shared secret.",
              "hmac-sha256-body": "A Webhook-Signature header carries an HMAC-SHA256 of the raw body under a shared secret.",
              "unsigned": "Deliveries carry no signature."
            },
            "mock": "hmac-sha256-timestamped",
            "describedIn": [
              {
                "at": "/webhooks/videoReadiness/post/description",
                "text": "Its event kinds, payload and signing are not shown, nor its HTTP method or how a receiver authenticates a delivery; the body is left open here, and the method this operation sits under is only where OpenAPI needs one."
              }
            ],
            "meaning": webhookSigningMeaning
          },
          {
            "id": "webhook-delivery",
            "source": "6",
            "says": "A webhook is offered as an alternative to polling for learning when a video is ready.",
            "note": "Nothing of its delivery is shown.",
            "readings": {
              "once-in-order": "Each event is delivered once, in the order it happened, retried on failure.",
              "duplicates": "Events may be delivered more than once.",
              "reordered": "Events of one video may arrive out of order."
            },
            "mock": "once-in-order"
          }
        ],
        "security": [
          {
            "webhookSecret": []
          },
          {}
        ],
        "requestBody": {
          "description": "The payload is not shown (§6).",
          "content": {
            "*/*": {
              "schema": {}
            }
          }
        },
        "responses": {
          "2XX": {
            "description": "The receiver accepted the delivery. The expected answer is not shown (§6)."
          }
        }
      }
    }
  },
  "components": {
    "securitySchemes": {
      "bearerAuth": {
        "type": "http",
        "scheme": "bearer",
        "description": "`Authorization: Bearer <ACCESS_TOKEN>`, required by create and upload (§5.1). The access token\nis generated in the personal access token settings of the service's account area (§5.2).\n",
        "x-unspecified": {
          "id": "token-refusal",
          "source": "7",
          "says": "Error response shape, error codes and the conditions that cause them: not shown.",
          "readings": {
            "unauthorized-401": "A missing or wrong token on create and upload is answered 401 with a WWW-Authenticate Bearer challenge (RFC 6750).",
            "forbidden-403": "A missing or wrong token on create and upload is answered 403; the SDKs of the real service behind this interface (ByteArk Stream) treat 403 as the final refusal of a token."
          },
          "mock": "unauthorized-401",
          "meaning": tokenRefusalMeaning
        }
      },
      "webhookSecret": {
        "type": "http",
        "scheme": "bearer",
        "description": "The secret given when a webhook receiver is registered, sent as `Authorization: Bearer\n<secret>` on each delivery under the `bearer-secret` reading of `webhook-security`. Whether\ndeliveries carry any credential is not shown (§6).\n"
      }
    },
    "parameters": {
      "VideoKey": {
        "name": "videoKey",
        "in": "path",
        "required": true,
        "description": "The video key returned by create (§4.1).",
        "schema": {
          "type": "string"
        },
        "examples": {
          "everyValueForm": {
            "summary": "A key returned by create",
            "value": "v-0001"
          },
          "freeTextNote": {
            "summary": "A key returned by create",
            "value": "v-0001"
          },
          "integerCounter": {
            "summary": "A key returned by create",
            "value": "v-0001"
          },
          "flag": {
            "summary": "A key returned by create",
            "value": "v-0001"
          },
          "dateTime": {
            "summary": "A key returned by create",
            "value": "v-0001"
          },
          "multiValueText": {
            "summary": "A key returned by create",
            "value": "v-0001"
          }
        },
        "x-unspecified": {
          "id": "unknown-video-key",
          "source": "7",
          "says": "Error response shape, error codes and the conditions that cause them: not shown.",
          "readings": {
            "not-found-404": "A key no video has is answered 404 Not Found on upload, get and update.",
            "forbidden-403": "A key no video has is answered 403, as a video of another account is, so that a caller cannot tell which keys exist.",
            "bad-request-400": "A key no video has is answered 400, as a request whose input does not validate."
          },
          "mock": "not-found-404",
          "meaning": unknownVideoKeyMeaning
        }
      }
    },
    "responses": {
      "Error": {
        "description": "An error. The error response shape, error codes and the conditions that cause them are not\nshown (§7), and so are the status codes (§4.5).\n",
        "x-unspecified": {
          "id": "error-shape",
          "source": "7",
          "says": "Error response shape, error codes and the conditions that cause them: not shown.",
          "readings": {
            "problem-json": "RFC 9457 problem details (application/problem+json: type, title, status, detail), with an errors extension member listing the problems of a request that did not validate.",
            "message-object": "A JSON object with a message member, and an errors member listing the problems of a request that did not validate.",
            "error-object": "A JSON object with an error member holding code and message, and details listing the problems of a request that did not validate."
          },
          "mock": "problem-json",
          "describedIn": [
            {
              "at": "/components/responses/Error/description",
              "text": "The error response shape, error codes and the conditions that cause them are not shown (§7), and so are the status codes (§4.5)."
            }
          ],
          "meaning": errorShapeMeaning
        },
        "content": {
          "*/*": {
            "schema": {}
          }
        }
      }
    },
    "schemas": {
      "CreateVideosRequest": {
        "type": "object",
        "description": "Body of the create request (§4.1).",
        "required": [
          "projectKey",
          "videos"
        ],
        "properties": {
          "projectKey": {
            "type": "string",
            "description": "Key of the project the videos are uploaded to.",
            "x-unspecified": {
              "id": "unknown-project-key",
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
            }
          },
          "videos": {
            "type": "array",
            "description": "One entry per video to create (\"one or more video records\", §1).",
            "minItems": 1,
            "items": {
              "$ref": "#/components/schemas/CreateVideoEntry"
            },
            "x-unspecified": {
              "id": "create-empty-videos",
              "source": "1",
              "says": "Create one or more video records with a JSON request.",
              "note": "What a create with an empty videos list does is not shown.",
              "readings": {
                "rejected": "A create whose videos list is empty is refused as a request that does not validate, with the status of the error-codes reading.",
                "accepted-empty": "A create whose videos list is empty (0 videos) is answered with the success status of create and an empty array, creating nothing."
              },
              "mock": "rejected",
              "meaning": createEmptyVideosMeaning
            }
          }
        }
      },
      "CreateVideoEntry": {
        "type": "object",
        "description": "One video to create (§4.1).",
        "required": [
          "title"
        ],
        "properties": {
          "title": {
            "type": "string",
            "description": "Title of the video."
          },
          "tags": {
            "type": "array",
            "description": "Tags of the video.",
            "items": {
              "type": "string"
            }
          }
        }
      },
      "CreatedVideo": {
        "type": "object",
        "description": "The video record as returned when creating videos (§2). Open: the full field list of the\nvideo record is not shown.\n",
        "required": [
          "key",
          "title",
          "primaryPlaybackUrl"
        ],
        "additionalProperties": true,
        "properties": {
          "key": {
            "type": "string",
            "description": "Video key. Identifies the video in later requests."
          },
          "title": {
            "type": "string",
            "description": "Title given at creation."
          },
          "primaryPlaybackUrl": {
            "$ref": "#/components/schemas/PlaybackUrl"
          }
        }
      },
      "PlaybackUrl": {
        "type": "object",
        "description": "Playback information (§2).",
        "required": [
          "name",
          "hls"
        ],
        "additionalProperties": true,
        "properties": {
          "name": {
            "type": "string",
            "description": "Name of the playback entry."
          },
          "hls": {
            "$ref": "#/components/schemas/HlsPlayback"
          }
        }
      },
      "HlsPlayback": {
        "type": "object",
        "description": "HLS playback (§2).",
        "required": [
          "name",
          "url"
        ],
        "additionalProperties": true,
        "properties": {
          "name": {
            "type": "string",
            "description": "Name of the HLS rendition set."
          },
          "url": {
            "type": "string",
            "format": "uri",
            "description": "Address of an HLS playlist (.m3u8) under the streaming domain, with the video key in the path.",
            "x-unspecified": {
              "id": "streaming-domain",
              "source": "2",
              "says": "Address of an HLS playlist (.m3u8) under the streaming domain, with the video key in the path.",
              "note": "The streaming domain itself is not named.",
              "noReadings": "The domain is an address the server gives in each answer, not a behaviour to choose between; a client follows the URL it is given (the mock's is its streaming base option)."
            }
          }
        }
      },
      "Video": {
        "type": "object",
        "description": "The video record as returned when getting a video or updating custom fields (§2, §4.3). Here\nthe key is named `videoKey`, not `key`. The reference shortens these bodies: fields unrelated\nto custom fields are omitted there, so the record is open.\n",
        "required": [
          "videoKey",
          "simpleCustomFields"
        ],
        "additionalProperties": true,
        "x-unspecified": [
          {
            "id": "video-record-fields",
            "source": "2",
            "says": "Full field list of the video record: not shown beyond those listed.",
            "readings": {
              "listed-only": "Only videoKey, simpleCustomFields, the readiness field and the alternative formats of custom fields (custom-field-formats) are returned.",
              "with-extra-fields": "Other fields of the record (title, tags, playback information, timestamps) are returned too."
            },
            "mock": "with-extra-fields",
            "describedIn": [
              {
                "at": "/components/schemas/Video/description",
                "text": "The reference shortens these bodies: fields unrelated to custom fields are omitted there, so the record is open."
              }
            ],
            "meaning": videoRecordFieldsMeaning
          },
          {
            "id": "custom-field-formats",
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
          {
            "id": "video-states",
            "source": "3",
            "says": "Video states: not shown.",
            "readings": {
              "basic": "States: created, processing, ready, failed.",
              "detailed": "States: created, uploading, uploaded, processing, ready, failed.",
              "processing-stages": "The processing stages the real service behind this interface (ByteArk Stream) names in its webhook guide: Source waiting (no source yet), Source ingression (the source arriving), Processing, Partially completed (some renditions done); then ready or failed, words for the end that guide does not show, so this reading takes the other readings' words for them."
            },
            "mock": "basic",
            "meaning": videoStatesMeaning
          }
        ],
        "properties": {
          "videoKey": {
            "type": "string",
            "description": "Video key. Here it is named videoKey, not key."
          },
          "simpleCustomFields": {
            "$ref": "#/components/schemas/ReadCustomFields"
          }
        }
      },
      "ReadCustomFields": {
        "type": "object",
        "description": "Key/value map of all custom fields, as a response holds it (§2, §4.3). The field name is the\nmap key. Values appear in the JSON forms of §2; the list of all custom field types is not\nshown, so this schema accepts what either reading of custom-field-types allows, and only\nwrites are checked (SimpleCustomFields).\n",
        "additionalProperties": {
          "$ref": "#/components/schemas/ReadCustomFieldValue"
        },
        "x-unspecified": [
          {
            "id": "custom-field-types",
            "source": "2",
            "says": "The list of all custom field types, how custom fields are defined, and the alternative formats to simpleCustomFields: not shown.",
            "note": "Whether a value read is always one of the five forms of §2 follows from the list of types, which is not shown.",
            "readings": {
              "listed-forms": "Every value read is in one of the five JSON forms of §2 (string, number, boolean, date-time string, array of strings).",
              "any-json": "A value read may also be null or a JSON value of a form §2 does not list."
            },
            "mock": "listed-forms",
            "describedIn": [
              {
                "at": "/components/schemas/ReadCustomFields/description",
                "text": "the list of all custom field types is not shown, so this schema accepts what either reading of custom-field-types allows, and only writes are checked (SimpleCustomFields)."
              },
              {
                "at": "/components/schemas/ReadCustomFieldValue/description",
                "text": "A custom field value as a response holds it: one of the JSON forms of §2 (CustomFieldValue), or, under the any-json reading of custom-field-types, null or any other JSON value."
              }
            ],
            "meaning": customFieldTypesMeaning
          }
        ]
      },
      "ReadCustomFieldValue": {
        "description": "A custom field value as a response holds it: one of the JSON forms of §2 (CustomFieldValue),\nor, under the any-json reading of custom-field-types, null or any other JSON value.\n",
        "anyOf": [
          {
            "$ref": "#/components/schemas/CustomFieldValue"
          },
          {
            "type": "null",
            "description": "Null, under the any-json reading of custom-field-types (§2 lists no null form)."
          },
          {
            "description": "A value of a form §2 does not list, under the any-json reading of custom-field-types."
          }
        ]
      },
      "SimpleCustomFields": {
        "type": "object",
        "description": "Key/value map of custom fields to write (§4.4): the field name is the map key, each value in\none of the JSON forms of §2. Whether null is accepted, and what it does, is not shown: the\nschema accepts it and the `custom-field-null` reading decides.\n",
        "additionalProperties": {
          "anyOf": [
            {
              "$ref": "#/components/schemas/CustomFieldValue"
            },
            {
              "type": "null",
              "description": "Refused, or removes the field, as the custom-field-null reading says (§2 does not show null)."
            }
          ]
        },
        "x-unspecified": [
          {
            "id": "custom-field-definition",
            "source": "2",
            "says": "The list of all custom field types, how custom fields are defined, and the alternative formats to simpleCustomFields: not shown.",
            "readings": {
              "implicit": "Any field name may be written; writing a new name creates the field.",
              "predefined": "Only fields defined beforehand may be written, with a value of any form; an unknown name is refused as a request that does not validate, with the status of the error-codes reading.",
              "typed": "Fields are defined beforehand on the server, each with a type (text, number, switch or labels, as the real service behind this interface, ByteArk Stream, defines them): an unknown name, or a value not of its field's type, is refused as a request that does not validate, with the status of the error-codes reading."
            },
            "mock": "implicit"
          },
          {
            "id": "custom-field-null",
            "source": "2",
            "says": "Values appear in these JSON forms:",
            "note": "The forms are string, number, boolean, an ISO 8601 UTC date-time string and an array of strings; what a null value does is not shown.",
            "readings": {
              "rejected": "A null value is refused as a request that does not validate, with the status of the error-codes reading.",
              "removes-field": "A null value removes the field."
            },
            "mock": "rejected",
            "describedIn": [
              {
                "at": "/components/schemas/SimpleCustomFields/description",
                "text": "Whether null is accepted, and what it does, is not shown: the schema accepts it and the `custom-field-null` reading decides."
              },
              {
                "at": "/components/schemas/SimpleCustomFields/additionalProperties/anyOf/1/description",
                "text": "Refused, or removes the field, as the custom-field-null reading says (§2 does not show null)."
              }
            ],
            "meaning": customFieldNullMeaning
          }
        ]
      },
      "CustomFieldValue": {
        "description": "A custom field value in one of the JSON forms of §2.",
        "anyOf": [
          {
            "type": "string",
            "description": "Free text (e.g. a note)."
          },
          {
            "type": "number",
            "description": "A number (e.g. an integer counter)."
          },
          {
            "type": "boolean",
            "description": "A flag."
          },
          {
            "type": "string",
            "format": "date-time",
            "description": "A date-time, as a string in ISO 8601 UTC form (the document names no profile of ISO 8601).",
            "x-unspecified": {
              "id": "date-time-read-back",
              "source": "2",
              "says": "string in ISO 8601 UTC date-time form (<timestamp>)",
              "note": "Whether a date-time value reads back as the text written, or as the same instant written another way, is not shown.",
              "readings": {
                "same-text": "A date-time value reads back as the very text written.",
                "normalized": "A string value that reads as a date-time reads back as the same instant in the server's own form, in UTC with milliseconds (2026-11-22T08:30:00.000Z for 2026-11-22T08:30:00Z or 2026-11-22T09:30:00+01:00)."
              },
              "mock": "same-text"
            }
          },
          {
            "type": "array",
            "description": "Multi-value text.",
            "items": {
              "type": "string"
            },
            "x-unspecified": {
              "id": "list-order",
              "source": "2",
              "says": "Values appear in these JSON forms … array of strings … multi-value text",
              "note": "Whether a server keeps the order in which the strings were written is not shown.",
              "readings": {
                "kept": "The strings are read back in the order they were written.",
                "any-order": "The strings are read back in an order of the server's own; the same strings, each as often as written."
              },
              "mock": "kept",
              "meaning": listOrderMeaning
            }
          }
        ],
        "examples": [
          "a free text note",
          42,
          true,
          "2026-11-22T08:30:00Z",
          [
            "news",
            "sport"
          ]
        ]
      },
      "UpdateCustomFieldsRequest": {
        "type": "object",
        "description": "Body of the custom-fields update (§4.4), a JSON object with one member.",
        "required": [
          "simpleCustomFields"
        ],
        "additionalProperties": false,
        "properties": {
          "simpleCustomFields": {
            "$ref": "#/components/schemas/SimpleCustomFields"
          }
        }
      },
      "UploadVideoSourceRequest": {
        "type": "object",
        "description": "The multipart form of the upload request (§4.2): the form field `file` is required. Other\nparts, and the file name and media type of the file part, are not shown (`upload-form-parts`).\n",
        "required": [
          "file"
        ],
        "properties": {
          "file": {
            "type": "string",
            "format": "binary",
            "description": "Content of the video source file."
          }
        },
        "x-unspecified": {
          "id": "upload-form-parts",
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
      }
    },
    "examples": {
      "FreeTextNoteField": {
        "summary": "Field kind: free text note (string)",
        "value": {
          "simpleCustomFields": {
            "note": "Shot on location in Chiang Mai"
          }
        }
      },
      "IntegerCounterField": {
        "summary": "Field kind: integer counter (number)",
        "value": {
          "simpleCustomFields": {
            "views": 42
          }
        }
      },
      "FlagField": {
        "summary": "Field kind: flag (boolean)",
        "value": {
          "simpleCustomFields": {
            "featured": true
          }
        }
      },
      "DateTimeField": {
        "summary": "Field kind: date-time (string in ISO 8601 UTC form)",
        "value": {
          "simpleCustomFields": {
            "publishedAt": "2026-11-22T08:30:00Z"
          }
        }
      },
      "MultiValueTextField": {
        "summary": "Field kind: multi-value text (array of strings)",
        "value": {
          "simpleCustomFields": {
            "topics": [
              "news",
              "sport"
            ]
          }
        }
      },
      "CreateThreeVideosRequest": {
        "summary": "Create three videos in one request",
        "value": {
          "projectKey": "demo",
          "videos": [
            {
              "title": "Opening keynote",
              "tags": [
                "conference",
                "2026"
              ]
            },
            {
              "title": "Panel discussion"
            },
            {
              "title": "Closing remarks"
            }
          ]
        }
      },
      "CreateThreeVideosResponse": {
        "summary": "One element per requested video (here in request order, the mock's default; the order is not shown)",
        "value": [
          {
            "key": "v-0001",
            "title": "Opening keynote",
            "primaryPlaybackUrl": {
              "name": "primary",
              "hls": {
                "name": "hls",
                "url": "http://localhost:4010/hls/v-0001/playlist.m3u8"
              }
            }
          },
          {
            "key": "v-0002",
            "title": "Panel discussion",
            "primaryPlaybackUrl": {
              "name": "primary",
              "hls": {
                "name": "hls",
                "url": "http://localhost:4010/hls/v-0002/playlist.m3u8"
              }
            }
          },
          {
            "key": "v-0003",
            "title": "Closing remarks",
            "primaryPlaybackUrl": {
              "name": "primary",
              "hls": {
                "name": "hls",
                "url": "http://localhost:4010/hls/v-0003/playlist.m3u8"
              }
            }
          }
        ]
      },
      "UpdateEveryValueFormRequest": {
        "summary": "One custom field of every value form",
        "value": {
          "simpleCustomFields": {
            "note": "Shot on location in Chiang Mai",
            "views": 42,
            "featured": true,
            "publishedAt": "2026-11-22T08:30:00Z",
            "topics": [
              "news",
              "sport"
            ]
          }
        }
      },
      "VideoWithCustomFields": {
        "summary": "A video with one custom field of every value form (shortened, as in the reference)",
        "value": {
          "videoKey": "v-0001",
          "simpleCustomFields": {
            "note": "Shot on location in Chiang Mai",
            "views": 42,
            "featured": true,
            "publishedAt": "2026-11-22T08:30:00Z",
            "topics": [
              "news",
              "sport"
            ]
          }
        }
      },
      "VideoWithFreeTextNote": {
        "summary": "The video after writing a free text note (shortened; under merge, other fields stay)",
        "value": {
          "videoKey": "v-0001",
          "simpleCustomFields": {
            "note": "Shot on location in Chiang Mai"
          }
        }
      },
      "VideoWithIntegerCounter": {
        "summary": "The video after writing an integer counter (shortened; under merge, other fields stay)",
        "value": {
          "videoKey": "v-0001",
          "simpleCustomFields": {
            "views": 42
          }
        }
      },
      "VideoWithFlag": {
        "summary": "The video after writing a flag (shortened; under merge, other fields stay)",
        "value": {
          "videoKey": "v-0001",
          "simpleCustomFields": {
            "featured": true
          }
        }
      },
      "VideoWithDateTime": {
        "summary": "The video after writing a date-time (shortened; under merge, other fields stay)",
        "value": {
          "videoKey": "v-0001",
          "simpleCustomFields": {
            "publishedAt": "2026-11-22T08:30:00Z"
          }
        }
      },
      "VideoWithMultiValueText": {
        "summary": "The video after writing multi-value text (shortened; under merge, other fields stay)",
        "value": {
          "videoKey": "v-0001",
          "simpleCustomFields": {
            "topics": [
              "news",
              "sport"
            ]
          }
        }
      }
    }
  }
};
