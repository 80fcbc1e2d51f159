/**
 * The header the console's script puts on each request it makes (its admin calls, its player's
 * playlists and segments): the journal, which shows a person the requests of the app under test,
 * leaves out a request that carries it (http/pipeline.ts), as it leaves out the console's page.
 */

/** The header's name; any value marks the request (the console sends `1`). */
export const CONSOLE_REQUEST_HEADER = 'x-mock-console';
