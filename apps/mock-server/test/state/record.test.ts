import { zCreateVideoEntry } from '@video-api/schema/zod';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { recordBytes } from '../../src/api/record-size.js';
import { BOUNDED_MEMBERS, entryOf, newRecord, showEntry } from '../../src/state/record.js';

describe('newRecord', () => {
  it('builds a created record of the written members, created and updated now', () => {
    const record = newRecord('v-1', { title: 'Intro', tags: ['a'], projectKey: 'p', owner: 't' }, 5);
    expect(record).toEqual({
      key: 'v-1',
      title: 'Intro',
      tags: ['a'],
      projectKey: 'p',
      owner: 't',
      customFields: {},
      phase: 'created',
      createdAt: 5,
      updatedAt: 5,
      schedule: [],
    });
  });

  it('gives every record created without custom fields one frozen empty object (an object fewer per video)', () => {
    const first = newRecord('v-1', { title: 'A', projectKey: 'p', owner: 't' }, 0);
    const second = newRecord('v-2', { title: 'B', projectKey: 'p', owner: 't' }, 0);
    expect(first.customFields).toEqual({});
    expect(second.customFields).toBe(first.customFields);
    expect(Object.isFrozen(first.customFields)).toBe(true);
    expect(second.schedule).toBe(first.schedule); // one frozen empty schedule too
    expect(Object.isFrozen(first.schedule)).toBe(true);
  });

  it('keeps a seed phase and copies the custom fields given', () => {
    const customFields = { views: 3 };
    const record = newRecord(
      'v-2',
      { title: 'T', projectKey: 'p', owner: undefined, customFields, phase: 'ready' },
      0,
    );
    expect(record.phase).toBe('ready');
    expect(record.customFields).toEqual(customFields);
    expect(record.customFields).not.toBe(customFields);
    expect(Object.hasOwn(record, 'tags')).toBe(false);
  });

  it('keeps none of what a body carries beyond the record (an open schema lets extra members through)', () => {
    const body = { title: 'T', projectKey: 'p', owner: undefined, extra: 'x' } as Parameters<
      typeof newRecord
    >[1];
    expect(Object.hasOwn(newRecord('v-3', body, 0), 'extra')).toBe(false);
  });
});

describe('the bounded members', () => {
  it('are what a record size counts beside its custom fields', () => {
    const record = newRecord('v-1', { title: 'é', tags: ['ab'], projectKey: 'p', owner: 't' }, 0);
    const members = BOUNDED_MEMBERS.reduce(
      (bytes, member) => bytes + new TextEncoder().encode(JSON.stringify(record[member])).byteLength,
      0,
    );
    expect(recordBytes({ ...record, customFields: { n: 1 } })).toBe(members + '"n":1,'.length);
  });
});

describe('the members of the create entry (generated from the spec)', () => {
  it('are the generated schema’s, in its order: the bounded members, kept by newRecord', () => {
    expect(BOUNDED_MEMBERS).toEqual(Object.keys(zCreateVideoEntry.shape));
  });

  it('newRecord keeps every member an entry gives, and nothing else it carries', () => {
    const entry = fc.record(
      { title: fc.string(), tags: fc.array(fc.string()), extra: fc.jsonValue() },
      { requiredKeys: ['title'] },
    );
    fc.assert(
      fc.property(entry, (given) => {
        const record = newRecord('v-1', { ...given, projectKey: 'p', owner: undefined }, 0);
        const kept = Object.fromEntries(BOUNDED_MEMBERS.flatMap((m) => (m in given ? [[m, record[m]]] : [])));
        expect(kept).toEqual(
          Object.fromEntries(BOUNDED_MEMBERS.flatMap((m) => (m in given ? [[m, given[m]]] : []))),
        );
        expect(Object.hasOwn(record, 'extra')).toBe(false);
      }),
    );
  });

  it('showEntry shows each member of the entry on a representation, arrays copied (it never shares a record’s arrays)', () => {
    const tags = ['a'];
    expect(entryOf({ title: 't', tags }).tags).toBe(tags);
    const video = { videoKey: 'v-0001', simpleCustomFields: {} };
    showEntry(video, { title: 't', tags });
    expect(video).toEqual({ videoKey: 'v-0001', simpleCustomFields: {}, title: 't', tags: ['a'] });
    expect((video as { tags?: string[] }).tags).not.toBe(tags);
  });
});
