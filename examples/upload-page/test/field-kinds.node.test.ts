/**
 * The table of field kinds in the mock's README ("Field kinds in three vocabularies"), held to the
 * kit: each of the client's typed kinds writes the value form of §2 that `fieldKindOf` names as the
 * mock's kind; a field defined with that kind accepts it under `custom-field-definition=typed`;
 * and the mock shows it with the real service's type word under
 * `custom-field-formats=with-field-entries`.
 */
import {
  createVideoApiClient,
  defineCustomFields,
  type FieldKind,
  type FieldValue,
  ValidationError,
} from '@video-api/client';
import { videoApiHandlers } from '@video-api/mock-server/msw';
import { fieldKindOf, type FieldKind as MockKind } from '@video-api/schema';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, expect, it } from 'vitest';

/** client kind, a value of it, the mock's kind, the real service's type word: the README's table. */
const TABLE: [FieldKind, FieldValue<FieldKind>, MockKind, string][] = [
  ['text', 'Shot on location', 'string', 'text'],
  ['counter', 42, 'number', 'number'],
  ['flag', true, 'boolean', 'switch'],
  ['datetime', new Date(Date.UTC(2026, 10, 22, 8, 30)), 'date-time', 'text'],
  ['multiText', ['news', 'sport'], 'string-array', 'labels'],
];

const baseUrl = 'https://video.example.test';
const { handlers, mock } = videoApiHandlers({
  baseUrl,
  readings: { 'custom-field-definition': 'typed', 'custom-field-formats': 'with-field-entries' },
});
const server = setupServer(...handlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(async () => {
  server.close();
  await mock.close();
});

it('maps every client kind to the mock kind and the service type word of the table', async () => {
  const client = createVideoApiClient({ baseUrl, token: 'mock-token' });
  const fields = defineCustomFields(Object.fromEntries(TABLE.map(([kind]) => [`a_${kind}`, kind])));
  const values = Object.fromEntries(TABLE.map(([kind, value]) => [`a_${kind}`, value]));
  await mock.setDefinitions(TABLE.map(([kind, , mockKind]) => ({ name: `a_${kind}`, kind: mockKind })));
  const [key] = await mock.seed([{ title: 'Kinds' }]);

  await fields.write(client, key as string, values);
  const video = await client.getVideo(key as string);
  const entries = video.customFieldEntries as { key: string; type: string }[];
  for (const [kind, , mockKind, serviceType] of TABLE) {
    expect(fieldKindOf(video.simpleCustomFields[`a_${kind}`]), kind).toBe(mockKind);
    expect(entries.find((entry) => entry.key === `a_${kind}`)?.type, kind).toBe(serviceType);
  }
  expect(await fields.read(client, key as string)).toEqual(values);
  // The definitions hold: a value of another kind is refused.
  await expect(client.updateCustomFields(key as string, { a_counter: 'forty-two' })).rejects.toThrow(
    ValidationError,
  );
});
