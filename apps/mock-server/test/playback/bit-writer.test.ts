/** The bit writer of the placeholder's H.264 (ITU-T H.264 §7.2, §9.1): codes and NAL escaping. */
import { describe, expect, it } from 'vitest';
import { BitWriter, nalUnit } from '../../src/playback/bit-writer.js';

const bits = (bytes: Uint8Array) => [...bytes].map((byte) => byte.toString(2).padStart(8, '0')).join('');

describe('BitWriter', () => {
  it.each([
    [0, '1'],
    [1, '010'],
    [2, '011'],
    [3, '00100'],
    [7, '0001000'],
    [25, '000011010'],
  ])('writes ue(%i) as %s', (value, code) => {
    expect(bits(new BitWriter().ue(value).trailing())).toMatch(new RegExp(`^${code}10*$`));
  });

  it.each([
    [0, '1'],
    [1, '010'],
    [-1, '011'],
    [2, '00100'],
    [-2, '00101'],
  ])('writes se(%i) as %s', (value, code) => {
    expect(bits(new BitWriter().se(value).trailing())).toMatch(new RegExp(`^${code}10*$`));
  });

  it('writes fixed-width fields up to 32 bits, aligns, then whole bytes', () => {
    const out = new BitWriter().u(3, 5).u(32, 0x80000001).align().bytes(Uint8Array.of(0xab)).trailing();
    expect(bits(out)).toBe(['101', `1${'0'.repeat(30)}1`, '00000', '10101011', '10000000'].join(''));
  });
});

describe('nalUnit', () => {
  it('escapes every 00 00 0x (x ≤ 3) with 03, and nothing else', () => {
    const rbsp = Uint8Array.of(0, 0, 0, 0, 0, 1, 0, 0, 4, 0, 0, 3);
    expect([...nalUnit(3, 7, rbsp)]).toEqual([0x67, 0, 0, 3, 0, 0, 3, 0, 1, 0, 0, 4, 0, 0, 3, 3]);
  });
});
