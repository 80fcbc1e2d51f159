/**
 * Runs a package's command from its TypeScript sources, as the repository's own scripts do:
 * Node resolves `@video-api/*` to their sources (the `@video-api/source` export condition) and
 * tsx compiles on the fly. Published packages run their built `dist` bins instead.
 */

/** The Node arguments that run `entry` (a `.ts` file path) from sources; append the command's own. */
export function sourceArgs(entry: string): string[] {
  return ['--conditions=@video-api/source', '--import', 'tsx', entry];
}
