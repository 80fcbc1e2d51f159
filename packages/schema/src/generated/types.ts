// generated — do not edit. Source: spec/openapi.yaml. Regenerate with `pnpm generate`.
export interface paths {
    "/api/v1/videos": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create one or more video records (§4.1)
         * @description Creates one video record per entry of `videos`. The response is a JSON array with one element
         *     per requested video, in the creation shape of the video record (§2): `key`, `title`,
         *     `primaryPlaybackUrl`. Each key is used in the upload request (§4.2).
         */
        post: operations["createVideos"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/upload/v1/form-data/videos/{videoKey}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload the source file of one video (§4.2)
         * @description Uploads the content of the video source file as multipart form data, in the form field `file`.
         *     One request uploads the file of one video. `videoKey` is a key returned by create (§4.1).
         *     The host of this endpoint is not shown: clients should let it be configured apart from the
         *     base address.
         */
        post: operations["uploadVideoSource"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/videos/{videoKey}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a video (§4.3)
         * @description Returns the video record with `videoKey` and `simpleCustomFields`, which holds every custom
         *     field as a name/value pair. Polling this endpoint is one way to wait for readiness; the field
         *     that shows readiness is not shown.
         */
        get: operations["getVideo"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/videos/{videoKey}/custom-fields": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Update custom fields of a video (§4.4)
         * @description Writes custom fields. The body is a JSON object with one member, `simpleCustomFields`. The
         *     response is the video record in the shape of §4.3. Whether fields absent from the body are
         *     kept or removed is not shown.
         */
        put: operations["updateCustomFields"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    videoReadiness: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Notification that a video is ready (§6)
         * @description The document offers a webhook as an alternative to polling for learning when a video is
         *     ready. How a receiver is registered is not shown. Its event kinds, payload and signing are
         *     not shown, nor its HTTP method or how a receiver authenticates a delivery; the body is left
         *     open here, and the method this operation sits under is only where OpenAPI needs one.
         */
        post: operations["videoReadinessWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        /** @description Body of the create request (§4.1). */
        CreateVideosRequest: {
            /** @description Key of the project the videos are uploaded to. */
            projectKey: string;
            /** @description One entry per video to create ("one or more video records", §1). */
            videos: components["schemas"]["CreateVideoEntry"][];
        };
        /** @description One video to create (§4.1). */
        CreateVideoEntry: {
            /** @description Title of the video. */
            title: string;
            /** @description Tags of the video. */
            tags?: string[];
        };
        /**
         * @description The video record as returned when creating videos (§2). Open: the full field list of the
         *     video record is not shown.
         */
        CreatedVideo: {
            /** @description Video key. Identifies the video in later requests. */
            key: string;
            /** @description Title given at creation. */
            title: string;
            primaryPlaybackUrl: components["schemas"]["PlaybackUrl"];
        } & {
            [key: string]: unknown;
        };
        /** @description Playback information (§2). */
        PlaybackUrl: {
            /** @description Name of the playback entry. */
            name: string;
            hls: components["schemas"]["HlsPlayback"];
        } & {
            [key: string]: unknown;
        };
        /** @description HLS playback (§2). */
        HlsPlayback: {
            /** @description Name of the HLS rendition set. */
            name: string;
            /**
             * Format: uri
             * @description Address of an HLS playlist (.m3u8) under the streaming domain, with the video key in the path.
             */
            url: string;
        } & {
            [key: string]: unknown;
        };
        /**
         * @description The video record as returned when getting a video or updating custom fields (§2, §4.3). Here
         *     the key is named `videoKey`, not `key`. The reference shortens these bodies: fields unrelated
         *     to custom fields are omitted there, so the record is open.
         */
        Video: {
            /** @description Video key. Here it is named videoKey, not key. */
            videoKey: string;
            simpleCustomFields: components["schemas"]["ReadCustomFields"];
        } & {
            [key: string]: unknown;
        };
        /**
         * @description Key/value map of all custom fields, as a response holds it (§2, §4.3). The field name is the
         *     map key. Values appear in the JSON forms of §2; the list of all custom field types is not
         *     shown, so this schema accepts what either reading of custom-field-types allows, and only
         *     writes are checked (SimpleCustomFields).
         */
        ReadCustomFields: {
            [key: string]: components["schemas"]["ReadCustomFieldValue"];
        };
        /**
         * @description A custom field value as a response holds it: one of the JSON forms of §2 (CustomFieldValue),
         *     or, under the any-json reading of custom-field-types, null or any other JSON value.
         */
        ReadCustomFieldValue: components["schemas"]["CustomFieldValue"] | null | unknown;
        /**
         * @description Key/value map of custom fields to write (§4.4): the field name is the map key, each value in
         *     one of the JSON forms of §2. Whether null is accepted, and what it does, is not shown: the
         *     schema accepts it and the `custom-field-null` reading decides.
         */
        SimpleCustomFields: {
            [key: string]: components["schemas"]["CustomFieldValue"] | null;
        };
        /**
         * @description A custom field value in one of the JSON forms of §2.
         * @example a free text note
         * @example 42
         * @example true
         * @example 2026-11-22T08:30:00Z
         * @example [
         *       "news",
         *       "sport"
         *     ]
         */
        CustomFieldValue: string | number | boolean | string[];
        /** @description Body of the custom-fields update (§4.4), a JSON object with one member. */
        UpdateCustomFieldsRequest: {
            simpleCustomFields: components["schemas"]["SimpleCustomFields"];
        };
        /**
         * @description The multipart form of the upload request (§4.2): the form field `file` is required. Other
         *     parts, and the file name and media type of the file part, are not shown (`upload-form-parts`).
         */
        UploadVideoSourceRequest: {
            /**
             * Format: binary
             * @description Content of the video source file.
             */
            file: Blob;
        };
    };
    responses: {
        /**
         * @description An error. The error response shape, error codes and the conditions that cause them are not
         *     shown (§7), and so are the status codes (§4.5).
         */
        Error: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "*/*": unknown;
            };
        };
    };
    parameters: {
        /** @description The video key returned by create (§4.1). */
        VideoKey: string;
    };
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    createVideos: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateVideosRequest"];
            };
        };
        responses: {
            /** @description One element per requested video (§4.1). The exact status code is not shown (§4.5). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedVideo"][];
                };
            };
            default: components["responses"]["Error"];
        };
    };
    uploadVideoSource: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The video key returned by create (§4.1). */
                videoKey: components["parameters"]["VideoKey"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": components["schemas"]["UploadVideoSourceRequest"];
            };
        };
        responses: {
            /** @description The file was accepted. The status code (§4.5) and the response body (§4.2) are not shown. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "*/*": unknown;
                };
            };
            default: components["responses"]["Error"];
        };
    };
    getVideo: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The video key returned by create (§4.1). */
                videoKey: components["parameters"]["VideoKey"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The video record (§4.3). The exact status code is not shown (§4.5). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Video"];
                };
            };
            default: components["responses"]["Error"];
        };
    };
    updateCustomFields: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The video key returned by create (§4.1). */
                videoKey: components["parameters"]["VideoKey"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateCustomFieldsRequest"];
            };
        };
        responses: {
            /** @description The video record in the shape of §4.3. The exact status code is not shown (§4.5). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Video"];
                };
            };
            default: components["responses"]["Error"];
        };
    };
    videoReadinessWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description The payload is not shown (§6). */
        requestBody?: {
            content: {
                "*/*": unknown;
            };
        };
        responses: {
            /** @description The receiver accepted the delivery. The expected answer is not shown (§6). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
