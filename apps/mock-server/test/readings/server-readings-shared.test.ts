/** The readings an event is emitted with: the set in force, shared (frozen) rather than copied per request. */
import { describe, expect, it } from 'vitest';
import { readingSet } from '../../src/readings/choice.js';
import { RequestReadings } from '../../src/readings/request-readings.js';
import { ServerReadings } from '../../src/readings/server-readings.js';

describe('RequestReadings.all', () => {
  it('is the server’s set in force, shared and frozen, and stays as it was when the server’s change', () => {
    const server = new ServerReadings(readingSet());
    const first = server.forRequest().all();
    expect(Object.isFrozen(first)).toBe(true);
    expect(server.forRequest().all()).toBe(first);
    expect(() => {
      (first as Record<string, string>)['status-codes'] = 'semantic';
    }).toThrow(TypeError);
    server.update({ 'status-codes': 'semantic' });
    expect(server.forRequest().all()['status-codes']).toBe('semantic');
    expect(first['status-codes']).toBe(readingSet()['status-codes']);
    server.replace({ 'custom-fields-omitted': 'replace' });
    expect(Object.isFrozen(server.current())).toBe(true);
    server.reset();
    expect(server.forRequest().all()).toBe(first);
  });

  it('is frozen with the X-Mock-Reading header’s readings over the server’s', () => {
    const headed = new ServerReadings(readingSet()).forRequest('status-codes=semantic').all();
    expect(Object.isFrozen(headed)).toBe(true);
    expect(headed['status-codes']).toBe('semantic');
  });

  it('is a copy of a set that is not frozen, so the caller cannot change the request’s', () => {
    const set = readingSet();
    const all = new RequestReadings(set).all();
    expect(all).toEqual(set);
    expect(all).not.toBe(set);
  });
});
