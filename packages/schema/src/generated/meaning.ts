// generated — do not edit. Source: spec/openapi.yaml. Regenerate with `pnpm generate`.
/** The machine-readable meaning of readings, one export per unknown (`<id in camelCase>Meaning`). */
export const statusCodesMeaning = {
  "all-200": {
    "status": {
      "createVideos": 200,
      "uploadVideoSource": 200,
      "getVideo": 200,
      "updateCustomFields": 200
    }
  },
  "semantic": {
    "status": {
      "createVideos": 201,
      "uploadVideoSource": 202,
      "getVideo": 200,
      "updateCustomFields": 200
    }
  }
} as const;

export const errorCodesMeaning = {
  "validation-400": {
    "refuses": [
      {
        "status": 400,
        "on": [
          "createVideos",
          "uploadVideoSource",
          "updateCustomFields"
        ]
      }
    ],
    "requests": [
      {
        "name": "untitledVideo",
        "on": [
          "createVideos"
        ],
        "body": {
          "projectKey": "demo",
          "videos": [
            {}
          ]
        }
      },
      {
        "name": "fieldsNotAnObject",
        "on": [
          "updateCustomFields"
        ],
        "body": {
          "simpleCustomFields": "not an object"
        }
      },
      {
        "on": [
          "uploadVideoSource"
        ],
        "none": "The form of an upload is built by the tool from the schema, which requires its file part; an inline example cannot leave the part out or change its type."
      }
    ]
  },
  "validation-422": {
    "refuses": [
      {
        "status": 422,
        "on": [
          "createVideos",
          "uploadVideoSource",
          "updateCustomFields"
        ]
      }
    ],
    "requests": [
      {
        "name": "untitledVideo",
        "on": [
          "createVideos"
        ],
        "body": {
          "projectKey": "demo",
          "videos": [
            {}
          ]
        }
      },
      {
        "name": "fieldsNotAnObject",
        "on": [
          "updateCustomFields"
        ],
        "body": {
          "simpleCustomFields": "not an object"
        }
      },
      {
        "on": [
          "uploadVideoSource"
        ],
        "none": "The form of an upload is built by the tool from the schema, which requires its file part; an inline example cannot leave the part out or change its type."
      }
    ]
  }
} as const;

export const rateLimitsMeaning = {
  "none": {
    "refuses": []
  },
  "429-retry-after": {
    "refuses": [
      {
        "status": 429,
        "on": [
          "createVideos",
          "uploadVideoSource",
          "getVideo",
          "updateCustomFields"
        ],
        "headers": [
          "Retry-After"
        ]
      }
    ],
    "requests": [
      {
        "on": [
          "createVideos",
          "uploadVideoSource",
          "getVideo",
          "updateCustomFields"
        ],
        "none": "The refusal needs more requests than the budget allows; no example of one request carries it."
      }
    ]
  }
} as const;

export const fieldLengthLimitsMeaning = {
  "unlimited": {
    "narrows": []
  },
  "limited": {
    "narrows": [
      {
        "at": "/components/schemas/CreateVideoEntry/properties/title",
        "set": {
          "maxLength": 255
        }
      },
      {
        "at": "/components/schemas/CreateVideoEntry/properties/tags/items",
        "set": {
          "maxLength": 255
        }
      },
      {
        "at": "/components/schemas/SimpleCustomFields",
        "set": {
          "propertyNames": {
            "maxLength": 255
          }
        }
      },
      {
        "at": "/components/schemas/CustomFieldValue/anyOf/0",
        "set": {
          "maxLength": 255
        }
      },
      {
        "at": "/components/schemas/CustomFieldValue/anyOf/4/items",
        "set": {
          "maxLength": 255
        }
      }
    ]
  }
} as const;

export const webhookRegistrationMeaning = {
  "api-endpoint": {
    "operation": {
      "path": "/api/v1/webhooks",
      "method": "post",
      "operationId": "registerWebhook",
      "summary": "Register a webhook receiver (webhook-registration=api-endpoint; §6 does not show registration)",
      "security": "bearerAuth",
      "status": 201,
      "request": {
        "type": "object",
        "required": [
          "url"
        ],
        "properties": {
          "url": {
            "type": "string",
            "description": "The address of the receiver, to which deliveries are sent."
          },
          "secret": {
            "type": "string",
            "description": "The secret of the receiver; the service gives one when it is absent."
          }
        },
        "examples": [
          {
            "url": "https://example.com/hooks/video-api"
          }
        ]
      },
      "answer": {
        "type": "object",
        "required": [
          "id",
          "url",
          "secret"
        ],
        "properties": {
          "id": {
            "type": "string",
            "description": "The id of the registration."
          },
          "url": {
            "type": "string",
            "description": "The address of the receiver, as registered."
          },
          "secret": {
            "type": "string",
            "description": "The secret of the receiver: the one sent, or the one the service gave."
          }
        },
        "examples": [
          {
            "id": "wh-0001",
            "url": "https://example.com/hooks/video-api",
            "secret": "whsec-example"
          }
        ]
      },
      "refusedAs": [
        "error-codes",
        "token-refusal",
        "media-type-refusal"
      ]
    },
    "requests": [
      {
        "name": "registrationWithoutUrl",
        "on": [
          "registerWebhook"
        ],
        "statusOf": "error-codes",
        "body": {
          "secret": "whsec-example"
        }
      },
      {
        "on": [
          "registerWebhook"
        ],
        "statusOf": "token-refusal",
        "none": "The refusal needs a missing or wrong token; a tool sends the token it is given with every request, so no example of one request carries it."
      },
      {
        "on": [
          "registerWebhook"
        ],
        "statusOf": "media-type-refusal",
        "none": "The refusal needs a body of another media type than the operation takes; an example of the operation's body has its own media type."
      }
    ]
  }
} as const;

export const mediaTypeRefusalMeaning = {
  "unsupported-415": {
    "refuses": [
      {
        "status": 415,
        "on": [
          "createVideos",
          "uploadVideoSource",
          "updateCustomFields"
        ]
      }
    ],
    "requests": [
      {
        "on": [
          "createVideos",
          "uploadVideoSource",
          "updateCustomFields"
        ],
        "none": "The refusal needs a body of another media type than the operation takes; an example of the operation's body has its own media type."
      }
    ]
  },
  "bad-request-400": {
    "refuses": [
      {
        "status": 400,
        "on": [
          "createVideos",
          "uploadVideoSource",
          "updateCustomFields"
        ]
      }
    ],
    "requests": [
      {
        "on": [
          "createVideos",
          "uploadVideoSource",
          "updateCustomFields"
        ],
        "none": "The refusal needs a body of another media type than the operation takes; an example of the operation's body has its own media type."
      }
    ]
  }
} as const;

export const videosPerCreateLimitMeaning = {
  "unlimited": {
    "narrows": []
  },
  "limited": {
    "narrows": [
      {
        "at": "/components/schemas/CreateVideosRequest/properties/videos",
        "set": {
          "maxItems": 100
        }
      }
    ]
  }
} as const;

export const createAnswerOrderMeaning = {
  "request-order": {
    "order": "kept"
  },
  "reverse-order": {
    "order": "reversed"
  },
  "any-order": {
    "order": "any"
  }
} as const;

export const fileSizeLimitMeaning = {
  "rejects-413": {
    "refuses": [
      {
        "status": 413,
        "on": [
          "uploadVideoSource"
        ]
      }
    ],
    "requests": [
      {
        "on": [
          "uploadVideoSource"
        ],
        "none": "The refusal needs a file larger than the limit, which the document does not give; no inline example holds such a file."
      }
    ]
  },
  "no-limit": {
    "refuses": []
  }
} as const;

export const uploadSourceFilesMeaning = {
  "any-file": {
    "parts": {
      "file": "application/octet-stream"
    }
  },
  "video-only": {
    "parts": {
      "file": "video/*"
    }
  }
} as const;

export const videoTransitionsMeaning = {
  "reupload-reprocesses": {
    "refuses": []
  },
  "reupload-rejected": {
    "refuses": [
      {
        "status": 409,
        "on": [
          "uploadVideoSource"
        ]
      }
    ],
    "requests": [
      {
        "on": [
          "uploadVideoSource"
        ],
        "none": "The refusal needs a key that already has a source; the example key is the one the first upload example sends to, so one example cannot both succeed and be refused."
      }
    ]
  },
  "reupload-until-ready": {
    "refuses": [
      {
        "status": 409,
        "on": [
          "uploadVideoSource"
        ]
      }
    ],
    "requests": [
      {
        "on": [
          "uploadVideoSource"
        ],
        "none": "The refusal needs a video that is ready; the example key is the one the first upload example sends to, so one example cannot both succeed and be refused."
      }
    ]
  }
} as const;

export const uploadResponseBodyMeaning = {
  "empty": {
    "schema": false
  },
  "video-record": {
    "sameAs": "/components/schemas/Video",
    "schema": {
      "type": "object",
      "description": "The video record in the shape of §4.3 (its required members; the record is open).",
      "required": [
        "videoKey",
        "simpleCustomFields"
      ],
      "properties": {
        "videoKey": {
          "type": "string"
        },
        "simpleCustomFields": {
          "type": "object"
        }
      }
    }
  },
  "upload-receipt": {
    "schema": {
      "type": "object",
      "description": "The stored file; other members may appear.",
      "required": [
        "videoKey",
        "size"
      ],
      "properties": {
        "videoKey": {
          "type": "string",
          "examples": [
            "v-0001"
          ]
        },
        "size": {
          "type": "integer",
          "minimum": 0,
          "description": "The size of the stored file in bytes.",
          "examples": [
            20
          ]
        }
      }
    }
  }
} as const;

export const authGetVideoMeaning = {
  "required": {
    "auth": "bearer",
    "refuses": [
      {
        "status": 401,
        "on": [
          "getVideo"
        ]
      }
    ],
    "requests": [
      {
        "on": [
          "getVideo"
        ],
        "none": "The refusal needs a missing or wrong token; a tool sends the token it is given with every request, so no example of one request carries it."
      }
    ]
  },
  "not-required": {
    "auth": "optional",
    "refuses": []
  },
  "owner-only": {
    "auth": "bearer",
    "refuses": [
      {
        "status": 401,
        "on": [
          "getVideo"
        ]
      },
      {
        "status": 403,
        "on": [
          "getVideo"
        ]
      }
    ],
    "requests": [
      {
        "on": [
          "getVideo"
        ],
        "status": 401,
        "none": "The refusal needs a missing or wrong token; a tool sends the token it is given with every request, so no example of one request carries it."
      },
      {
        "on": [
          "getVideo"
        ],
        "status": 403,
        "none": "The refusal needs the token of another account than the video's; a tool sends one token, so no example of one request carries it."
      }
    ]
  }
} as const;

export const readinessFieldMeaning = {
  "status-string": {
    "schema": {
      "type": "object",
      "description": "The members the reading adds to the video record.",
      "required": [
        "status"
      ],
      "properties": {
        "status": {
          "type": "string",
          "description": "The state of the video, one of the words of `video-states`."
        }
      }
    }
  },
  "ready-flag": {
    "schema": {
      "type": "object",
      "description": "The members the reading adds to the video record.",
      "required": [
        "ready"
      ],
      "properties": {
        "ready": {
          "type": "boolean",
          "description": "True once the video can be played."
        }
      }
    }
  },
  "playback-only": {
    "schema": {
      "type": "object",
      "description": "The reading adds no member to the video record."
    }
  }
} as const;

export const authUpdateCustomFieldsMeaning = {
  "required": {
    "auth": "bearer",
    "refuses": [
      {
        "status": 401,
        "on": [
          "updateCustomFields"
        ]
      }
    ],
    "requests": [
      {
        "on": [
          "updateCustomFields"
        ],
        "none": "The refusal needs a missing or wrong token; a tool sends the token it is given with every request, so no example of one request carries it."
      }
    ]
  },
  "not-required": {
    "auth": "optional",
    "refuses": []
  },
  "owner-only": {
    "auth": "bearer",
    "refuses": [
      {
        "status": 401,
        "on": [
          "updateCustomFields"
        ]
      },
      {
        "status": 403,
        "on": [
          "updateCustomFields"
        ]
      }
    ],
    "requests": [
      {
        "on": [
          "updateCustomFields"
        ],
        "status": 401,
        "none": "The refusal needs a missing or wrong token; a tool sends the token it is given with every request, so no example of one request carries it."
      },
      {
        "on": [
          "updateCustomFields"
        ],
        "status": 403,
        "none": "The refusal needs the token of another account than the video's; a tool sends one token, so no example of one request carries it."
      }
    ]
  }
} as const;

export const webhookMethodMeaning = {
  "post": {
    "method": "post"
  },
  "put": {
    "method": "put"
  }
} as const;

export const webhookSecurityMeaning = {
  "none": {
    "auth": "none"
  },
  "bearer-secret": {
    "auth": "bearer"
  }
} as const;

export const webhookPayloadMeaning = {
  "envelope": {
    "mediaType": "application/json",
    "schema": {
      "type": "object",
      "description": "An envelope: id, type, createdAt and data holding the video key and state; other members may appear.",
      "required": [
        "id",
        "type",
        "createdAt",
        "data"
      ],
      "properties": {
        "id": {
          "type": "string"
        },
        "type": {
          "type": "string"
        },
        "createdAt": {
          "type": "string"
        },
        "data": {
          "type": "object",
          "required": [
            "videoKey",
            "state"
          ],
          "properties": {
            "videoKey": {
              "type": "string"
            },
            "state": {
              "type": "string"
            }
          }
        }
      }
    }
  },
  "flat": {
    "mediaType": "application/json",
    "schema": {
      "type": "object",
      "description": "A flat object: event, videoKey, state and timestamp; other members may appear.",
      "required": [
        "event",
        "videoKey",
        "state",
        "timestamp"
      ],
      "properties": {
        "event": {
          "type": "string"
        },
        "videoKey": {
          "type": "string"
        },
        "state": {
          "type": "string"
        },
        "timestamp": {
          "type": "string"
        }
      }
    }
  },
  "video-record": {
    "mediaType": "application/json",
    "schema": {
      "type": "object",
      "description": "The event name and the whole video record as get-video returns it; other members may appear.",
      "required": [
        "event",
        "video"
      ],
      "properties": {
        "event": {
          "type": "string"
        },
        "video": {
          "type": "object",
          "required": [
            "videoKey"
          ],
          "properties": {
            "videoKey": {
              "type": "string"
            }
          }
        }
      }
    }
  }
} as const;

export const webhookSigningMeaning = {
  "hmac-sha256-timestamped": {
    "headers": [
      "Webhook-Signature"
    ]
  },
  "hmac-sha256-body": {
    "headers": [
      "Webhook-Signature"
    ]
  },
  "unsigned": {
    "headers": []
  }
} as const;

export const tokenRefusalMeaning = {
  "unauthorized-401": {
    "refuses": [
      {
        "status": 401,
        "on": [
          "createVideos",
          "uploadVideoSource"
        ],
        "headers": [
          "WWW-Authenticate"
        ]
      }
    ],
    "requests": [
      {
        "on": [
          "createVideos",
          "uploadVideoSource"
        ],
        "none": "The refusal needs a missing or wrong token; a tool sends the token it is given with every request, so no example of one request carries it."
      }
    ]
  },
  "forbidden-403": {
    "refuses": [
      {
        "status": 403,
        "on": [
          "createVideos",
          "uploadVideoSource"
        ]
      }
    ],
    "requests": [
      {
        "on": [
          "createVideos",
          "uploadVideoSource"
        ],
        "none": "The refusal needs a missing or wrong token; a tool sends the token it is given with every request, so no example of one request carries it."
      }
    ]
  }
} as const;

export const unknownVideoKeyMeaning = {
  "not-found-404": {
    "refuses": [
      {
        "status": 404,
        "on": [
          "uploadVideoSource",
          "getVideo",
          "updateCustomFields"
        ]
      }
    ],
    "requests": [
      {
        "name": "unknownKey",
        "on": [
          "uploadVideoSource",
          "getVideo",
          "updateCustomFields"
        ],
        "path": {
          "videoKey": "no-such-video"
        }
      }
    ]
  },
  "forbidden-403": {
    "refuses": [
      {
        "status": 403,
        "on": [
          "uploadVideoSource",
          "getVideo",
          "updateCustomFields"
        ]
      }
    ],
    "requests": [
      {
        "name": "unknownKey",
        "on": [
          "uploadVideoSource",
          "getVideo",
          "updateCustomFields"
        ],
        "path": {
          "videoKey": "no-such-video"
        }
      }
    ]
  },
  "bad-request-400": {
    "refuses": [
      {
        "status": 400,
        "on": [
          "uploadVideoSource",
          "getVideo",
          "updateCustomFields"
        ]
      }
    ],
    "requests": [
      {
        "name": "unknownKey",
        "on": [
          "uploadVideoSource",
          "getVideo",
          "updateCustomFields"
        ],
        "path": {
          "videoKey": "no-such-video"
        }
      }
    ]
  }
} as const;

export const errorShapeMeaning = {
  "problem-json": {
    "mediaType": "application/problem+json",
    "schema": {
      "type": "object",
      "description": "RFC 9457 problem details (every member optional, as RFC 9457 makes them); other members may appear.",
      "properties": {
        "type": {
          "type": "string"
        },
        "title": {
          "type": "string"
        },
        "status": {
          "type": "integer"
        },
        "detail": {
          "type": "string"
        },
        "errors": {
          "type": "array",
          "description": "The problems of a request that did not validate, one per place, where it had any.",
          "items": {
            "type": "object",
            "required": [
              "pointer",
              "message"
            ],
            "properties": {
              "pointer": {
                "type": "string",
                "description": "JSON Pointer of the place in the request."
              },
              "message": {
                "type": "string"
              }
            }
          }
        }
      }
    }
  },
  "message-object": {
    "mediaType": "application/json",
    "schema": {
      "type": "object",
      "description": "An object with a message member; other members may appear.",
      "required": [
        "message"
      ],
      "properties": {
        "message": {
          "type": "string"
        },
        "errors": {
          "type": "array",
          "description": "The problems of a request that did not validate, one per place, where it had any.",
          "items": {
            "type": "object",
            "required": [
              "pointer",
              "message"
            ],
            "properties": {
              "pointer": {
                "type": "string",
                "description": "JSON Pointer of the place in the request."
              },
              "message": {
                "type": "string"
              }
            }
          }
        }
      }
    }
  },
  "error-object": {
    "mediaType": "application/json",
    "schema": {
      "type": "object",
      "description": "An object with an error member holding code and message; other members may appear.",
      "required": [
        "error"
      ],
      "properties": {
        "error": {
          "type": "object",
          "required": [
            "code",
            "message"
          ],
          "properties": {
            "code": {
              "type": [
                "string",
                "integer"
              ]
            },
            "message": {
              "type": "string"
            },
            "details": {
              "type": "array",
              "description": "The problems of a request that did not validate, one per place, where it had any.",
              "items": {
                "type": "object",
                "required": [
                  "pointer",
                  "message"
                ],
                "properties": {
                  "pointer": {
                    "type": "string",
                    "description": "JSON Pointer of the place in the request."
                  },
                  "message": {
                    "type": "string"
                  }
                }
              }
            }
          }
        }
      }
    }
  }
} as const;

export const unknownProjectKeyMeaning = {
  "any-accepted": {
    "refuses": []
  },
  "not-found-404": {
    "refuses": [
      {
        "status": 404,
        "on": [
          "createVideos"
        ]
      }
    ],
    "requests": [
      {
        "name": "unknownProject",
        "on": [
          "createVideos"
        ],
        "body": {
          "projectKey": "no-such-project",
          "videos": [
            {
              "title": "Opening keynote"
            }
          ]
        }
      }
    ]
  },
  "forbidden-403": {
    "refuses": [
      {
        "status": 403,
        "on": [
          "createVideos"
        ]
      }
    ],
    "requests": [
      {
        "name": "unknownProject",
        "on": [
          "createVideos"
        ],
        "body": {
          "projectKey": "no-such-project",
          "videos": [
            {
              "title": "Opening keynote"
            }
          ]
        }
      }
    ]
  }
} as const;

export const createEmptyVideosMeaning = {
  "rejected": {
    "narrows": [
      {
        "at": "/components/schemas/CreateVideosRequest/properties/videos",
        "set": {
          "minItems": 1
        }
      }
    ],
    "requests": [
      {
        "name": "emptyVideos",
        "on": [
          "createVideos"
        ],
        "body": {
          "projectKey": "demo",
          "videos": []
        },
        "statusOf": "error-codes"
      }
    ]
  },
  "accepted-empty": {
    "narrows": [
      {
        "at": "/components/schemas/CreateVideosRequest/properties/videos",
        "set": {
          "minItems": 0
        }
      }
    ]
  }
} as const;

export const videoRecordFieldsMeaning = {
  "listed-only": {
    "narrows": [
      {
        "at": "/components/schemas/Video",
        "set": {
          "additionalProperties": false
        }
      }
    ]
  },
  "with-extra-fields": {
    "narrows": []
  }
} as const;

export const customFieldFormatsMeaning = {
  "simple-only": {
    "schema": {
      "type": "object",
      "description": "The reading adds no member to the video record."
    }
  },
  "with-custom-fields": {
    "schema": {
      "type": "object",
      "description": "The members the reading adds to the video record.",
      "required": [
        "customFields"
      ],
      "properties": {
        "customFields": {
          "type": "object",
          "description": "One member per field, keyed by its name, holding its value and type.",
          "additionalProperties": {
            "type": "object",
            "description": "The value of a field and its type.",
            "required": [
              "value",
              "type"
            ],
            "properties": {
              "value": {
                "type": [
                  "string",
                  "number",
                  "boolean",
                  "array"
                ],
                "items": {
                  "type": "string"
                },
                "description": "The value, in its form of §2."
              },
              "type": {
                "type": "string",
                "description": "The type of the field, as ByteArk Stream names the form of its value."
              }
            },
            "anyOf": [
              {
                "type": "object",
                "properties": {
                  "value": {
                    "type": "string"
                  },
                  "type": {
                    "type": "string",
                    "const": "text"
                  }
                }
              },
              {
                "type": "object",
                "properties": {
                  "value": {
                    "type": "number"
                  },
                  "type": {
                    "type": "string",
                    "const": "number"
                  }
                }
              },
              {
                "type": "object",
                "properties": {
                  "value": {
                    "type": "boolean"
                  },
                  "type": {
                    "type": "string",
                    "const": "switch"
                  }
                }
              },
              {
                "type": "object",
                "properties": {
                  "value": {
                    "type": "array",
                    "items": {
                      "type": "string"
                    }
                  },
                  "type": {
                    "type": "string",
                    "const": "labels"
                  }
                }
              }
            ]
          }
        }
      }
    }
  },
  "with-field-entries": {
    "schema": {
      "type": "object",
      "description": "The members the reading adds to the video record.",
      "required": [
        "customFields",
        "customFieldEntries"
      ],
      "properties": {
        "customFields": {
          "type": "object",
          "description": "One member per field, keyed by its name, holding its value and type.",
          "additionalProperties": {
            "type": "object",
            "description": "The value of a field and its type.",
            "required": [
              "value",
              "type"
            ],
            "properties": {
              "value": {
                "type": [
                  "string",
                  "number",
                  "boolean",
                  "array"
                ],
                "items": {
                  "type": "string"
                },
                "description": "The value, in its form of §2."
              },
              "type": {
                "type": "string",
                "description": "The type of the field, as ByteArk Stream names the form of its value."
              }
            },
            "anyOf": [
              {
                "type": "object",
                "properties": {
                  "value": {
                    "type": "string"
                  },
                  "type": {
                    "type": "string",
                    "const": "text"
                  }
                }
              },
              {
                "type": "object",
                "properties": {
                  "value": {
                    "type": "number"
                  },
                  "type": {
                    "type": "string",
                    "const": "number"
                  }
                }
              },
              {
                "type": "object",
                "properties": {
                  "value": {
                    "type": "boolean"
                  },
                  "type": {
                    "type": "string",
                    "const": "switch"
                  }
                }
              },
              {
                "type": "object",
                "properties": {
                  "value": {
                    "type": "array",
                    "items": {
                      "type": "string"
                    }
                  },
                  "type": {
                    "type": "string",
                    "const": "labels"
                  }
                }
              }
            ]
          }
        },
        "customFieldEntries": {
          "type": "array",
          "description": "One entry per field.",
          "items": {
            "type": "object",
            "required": [
              "key",
              "value",
              "type"
            ],
            "properties": {
              "key": {
                "type": "string",
                "description": "The name of the field."
              },
              "value": {
                "type": [
                  "string",
                  "number",
                  "boolean",
                  "array"
                ],
                "items": {
                  "type": "string"
                },
                "description": "The value, in its form of §2."
              },
              "type": {
                "type": "string",
                "description": "The type of the field, as ByteArk Stream names the form of its value."
              }
            },
            "anyOf": [
              {
                "type": "object",
                "properties": {
                  "value": {
                    "type": "string"
                  },
                  "type": {
                    "type": "string",
                    "const": "text"
                  }
                }
              },
              {
                "type": "object",
                "properties": {
                  "value": {
                    "type": "number"
                  },
                  "type": {
                    "type": "string",
                    "const": "number"
                  }
                }
              },
              {
                "type": "object",
                "properties": {
                  "value": {
                    "type": "boolean"
                  },
                  "type": {
                    "type": "string",
                    "const": "switch"
                  }
                }
              },
              {
                "type": "object",
                "properties": {
                  "value": {
                    "type": "array",
                    "items": {
                      "type": "string"
                    }
                  },
                  "type": {
                    "type": "string",
                    "const": "labels"
                  }
                }
              }
            ]
          }
        }
      }
    }
  }
} as const;

export const videoStatesMeaning = {
  "basic": {
    "words": [
      "created",
      "processing",
      "ready",
      "failed"
    ],
    "afterUpload": "processing"
  },
  "detailed": {
    "words": [
      "created",
      "uploading",
      "uploaded",
      "processing",
      "ready",
      "failed"
    ],
    "afterUpload": "uploaded"
  },
  "processing-stages": {
    "words": [
      "Source waiting",
      "Source ingression",
      "Processing",
      "Partially completed",
      "ready",
      "failed"
    ],
    "afterUpload": "Processing"
  }
} as const;

export const customFieldTypesMeaning = {
  "listed-forms": {
    "narrows": [
      {
        "at": "/components/schemas/ReadCustomFieldValue",
        "set": {
          "anyOf": [
            {
              "$ref": "#/components/schemas/CustomFieldValue"
            }
          ]
        }
      }
    ]
  },
  "any-json": {
    "narrows": []
  }
} as const;

export const customFieldNullMeaning = {
  "rejected": {
    "narrows": [
      {
        "at": "/components/schemas/SimpleCustomFields/additionalProperties",
        "set": {
          "anyOf": [
            {
              "$ref": "#/components/schemas/CustomFieldValue"
            }
          ]
        }
      }
    ]
  },
  "removes-field": {
    "narrows": []
  }
} as const;

export const listOrderMeaning = {
  "kept": {
    "order": "kept"
  },
  "any-order": {
    "order": "any"
  }
} as const;

export const uploadFormPartsMeaning = {
  "extra-parts-ignored": {
    "narrows": [
      {
        "at": "/components/schemas/UploadVideoSourceRequest",
        "set": {
          "propertyNames": {
            "pattern": "^[^\\x00-\\x08\\x0A-\\x1F\\x7F]*$"
          }
        }
      }
    ]
  },
  "lenient": {
    "narrows": []
  },
  "file-only": {
    "narrows": [
      {
        "at": "/components/schemas/UploadVideoSourceRequest",
        "set": {
          "additionalProperties": false
        }
      }
    ]
  }
} as const;
