/**
 * A scratch spec change for the type tests of the packages that must handle every operation: a
 * `deleteVideo` operation added to the generated `operations` and `paths` (module augmentation), so
 * a test can show the type check fails where a package must handle it.
 */
export const ADDED_OPERATION = `
declare module '@video-api/schema/types' {
  interface operations {
    deleteVideo: { parameters: { query?: never; header?: never; path: { videoKey: string }; cookie?: never }; requestBody?: never; responses: { 204: { headers: { [name: string]: unknown }; content?: never } } };
  }
  interface paths {
    '/api/v1/videos/{videoKey}/delete': { parameters: { query?: never; header?: never; path?: never; cookie?: never }; get?: never; put?: never; post: operations['deleteVideo']; delete?: never; options?: never; head?: never; patch?: never; trace?: never };
  }
}
`;
