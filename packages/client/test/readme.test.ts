import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { consumerOptions, typecheck } from './support/typecheck.js';

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
/** The README's JavaScript snippets, each a module a user may save and run (or compile). */
const snippets = [...readme.matchAll(/```js\n([\s\S]*?)```/g)].map((match) => match[1] as string);
/** The README's TypeScript blocks: signatures, shown with the types the package exports. */
const signatures = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => match[1] as string);

describe('the README', () => {
  it('has its snippets', () => {
    expect(snippets.length).toBeGreaterThanOrEqual(8);
  });

  it('has snippets that typecheck as TypeScript, under strict and exactOptionalPropertyTypes', () => {
    const files = Object.fromEntries(snippets.map((code, i) => [`snippet-${i + 1}.mts`, code]));
    const diagnostics = typecheck(files, { ...consumerOptions, exactOptionalPropertyTypes: true });
    expect(diagnostics).toEqual([]);
  }, 60_000);

  it('shows updateCustomFields(videoKey, fields) with the signature and types the client has', () => {
    const shown = signatures.find((block) => block.includes('updateCustomFields(videoKey: string'));
    expect(shown).toBeDefined();
    // Both ways assignable: the README's types are the package's, neither narrower nor wider.
    const check = `import type {
  CallOptions,
  ReadCustomFields,
  SimpleCustomFields,
  Video,
  VideoApiClient,
} from '@video-api/client';
declare namespace Shown {
${shown}
}
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Method = VideoApiClient['updateCustomFields'];
type ShownMethod = Shown.VideoApiClient['updateCustomFields'];
export const checks: [true, true, true, true, true] = [
  true as Same<Parameters<ShownMethod>, Parameters<Method>>,
  true as Same<ReturnType<ShownMethod>, ReturnType<Method>>,
  true as Same<Shown.SimpleCustomFields, SimpleCustomFields>,
  true as Same<Shown.Video, Video>,
  true as Same<Shown.ReadCustomFields, ReadCustomFields>,
];
export type Used = CallOptions;
`;
    const diagnostics = typecheck(
      { 'signature.mts': check },
      { ...consumerOptions, exactOptionalPropertyTypes: true },
    );
    expect(diagnostics).toEqual([]);
  }, 60_000);
});
