// generated — do not edit. Source: spec/openapi.yaml. Regenerate with `pnpm generate`.
/** Types of the bodies that readings produce, from the JSON Schemas of their `meaning` in the spec. */
export type paths = Record<string, never>;
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** @description The video record in the shape of §4.3 (its required members; the record is open). */
        "upload-response-body.video-record": {
            videoKey: string;
            simpleCustomFields: Record<string, never>;
        };
        /** @description The stored file; other members may appear. */
        "upload-response-body.upload-receipt": {
            /** @example v-0001 */
            videoKey: string;
            /**
             * @description The size of the stored file in bytes.
             * @example 20
             */
            size: number;
        };
        /** @description The members the reading adds to the video record. */
        "readiness-field.status-string": {
            /** @description The state of the video, one of the words of `video-states`. */
            status: string;
        };
        /** @description The members the reading adds to the video record. */
        "readiness-field.ready-flag": {
            /** @description True once the video can be played. */
            ready: boolean;
        };
        /** @description The reading adds no member to the video record. */
        "readiness-field.playback-only": Record<string, never>;
        /** @description An envelope: id, type, createdAt and data holding the video key and state; other members may appear. */
        "webhook-payload.envelope": {
            id: string;
            type: string;
            createdAt: string;
            data: {
                videoKey: string;
                state: string;
            };
        };
        /** @description A flat object: event, videoKey, state and timestamp; other members may appear. */
        "webhook-payload.flat": {
            event: string;
            videoKey: string;
            state: string;
            timestamp: string;
        };
        /** @description The event name and the whole video record as get-video returns it; other members may appear. */
        "webhook-payload.video-record": {
            event: string;
            video: {
                videoKey: string;
            };
        };
        /** @description RFC 9457 problem details (every member optional, as RFC 9457 makes them); other members may appear. */
        "error-shape.problem-json": {
            type?: string;
            title?: string;
            status?: number;
            detail?: string;
            /** @description The problems of a request that did not validate, one per place, where it had any. */
            errors?: {
                /** @description JSON Pointer of the place in the request. */
                pointer: string;
                message: string;
            }[];
        };
        /** @description An object with a message member; other members may appear. */
        "error-shape.message-object": {
            message: string;
            /** @description The problems of a request that did not validate, one per place, where it had any. */
            errors?: {
                /** @description JSON Pointer of the place in the request. */
                pointer: string;
                message: string;
            }[];
        };
        /** @description An object with an error member holding code and message; other members may appear. */
        "error-shape.error-object": {
            error: {
                code: string | number;
                message: string;
                /** @description The problems of a request that did not validate, one per place, where it had any. */
                details?: {
                    /** @description JSON Pointer of the place in the request. */
                    pointer: string;
                    message: string;
                }[];
            };
        };
        /** @description The reading adds no member to the video record. */
        "custom-field-formats.simple-only": Record<string, never>;
        /** @description The members the reading adds to the video record. */
        "custom-field-formats.with-custom-fields": {
            /** @description One member per field, keyed by its name, holding its value and type. */
            customFields: {
                [key: string]: {
                    /** @description The value, in its form of §2. */
                    value: string | number | boolean | string[];
                    /** @description The type of the field, as ByteArk Stream names the form of its value. */
                    type: string;
                } | {
                    value?: string;
                    /** @constant */
                    type?: "text";
                } | {
                    value?: number;
                    /** @constant */
                    type?: "number";
                } | {
                    value?: boolean;
                    /** @constant */
                    type?: "switch";
                } | {
                    value?: string[];
                    /** @constant */
                    type?: "labels";
                };
            };
        };
        /** @description The members the reading adds to the video record. */
        "custom-field-formats.with-field-entries": {
            /** @description One member per field, keyed by its name, holding its value and type. */
            customFields: {
                [key: string]: {
                    /** @description The value, in its form of §2. */
                    value: string | number | boolean | string[];
                    /** @description The type of the field, as ByteArk Stream names the form of its value. */
                    type: string;
                } | {
                    value?: string;
                    /** @constant */
                    type?: "text";
                } | {
                    value?: number;
                    /** @constant */
                    type?: "number";
                } | {
                    value?: boolean;
                    /** @constant */
                    type?: "switch";
                } | {
                    value?: string[];
                    /** @constant */
                    type?: "labels";
                };
            };
            /** @description One entry per field. */
            customFieldEntries: ({
                /** @description The name of the field. */
                key: string;
                /** @description The value, in its form of §2. */
                value: string | number | boolean | string[];
                /** @description The type of the field, as ByteArk Stream names the form of its value. */
                type: string;
            } | {
                value?: string;
                /** @constant */
                type?: "text";
            } | {
                value?: number;
                /** @constant */
                type?: "number";
            } | {
                value?: boolean;
                /** @constant */
                type?: "switch";
            } | {
                value?: string[];
                /** @constant */
                type?: "labels";
            })[];
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export type operations = Record<string, never>;
