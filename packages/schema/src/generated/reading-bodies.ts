// generated — do not edit. Source: spec/openapi.yaml. Regenerate with `pnpm generate`.
/** Types of the bodies that readings produce, from the JSON Schemas of their `meaning` in the spec. */
export type paths = Record<string, never>;
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** @description RFC 9457 problem details; other members may appear. */
        "error-shape.problem-json": {
            type?: string;
            title: string;
            status: number;
            detail?: string;
        };
        /** @description An object with a message member; other members may appear. */
        "error-shape.message-object": {
            message: string;
        };
        /** @description An object with an error member holding code and message; other members may appear. */
        "error-shape.error-object": {
            error: {
                code: string | number;
                message: string;
            };
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
