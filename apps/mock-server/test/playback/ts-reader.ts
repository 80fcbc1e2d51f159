/**
 * A small reader of MPEG-TS for the playback tests: packets, the PES packets of one PID with their
 * PTS, the NAL units of an H.264 access unit, and the CRC of PSI sections. Independent of the
 * ffmpeg that wrote the placeholder.
 */

/** CRC-32/MPEG-2 (poly 0x04C11DB7, no reflection), as PSI sections carry it. */
export function crc32Mpeg2(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte << 24;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x80000000 ? (crc << 1) ^ 0x04c11db7 : crc << 1;
    crc >>>= 0;
  }
  return crc >>> 0;
}

export interface TsPacket {
  pid: number;
  start: boolean;
  counter: number;
  randomAccess: boolean;
  pcr: number | undefined;
  payload: Uint8Array;
}

/** Every 188-byte packet of `bytes` (throws on a lost sync byte). */
export function packets(bytes: Uint8Array): TsPacket[] {
  const out: TsPacket[] = [];
  for (let at = 0; at < bytes.length; at += 188) {
    const p = bytes.subarray(at, at + 188);
    if (p[0] !== 0x47) throw new Error(`no sync byte at ${at}`);
    const b1 = p[1] ?? 0;
    const b3 = p[3] ?? 0;
    const control = (b3 >> 4) & 3;
    let offset = 4;
    let randomAccess = false;
    let pcr: number | undefined;
    if (control & 2) {
      const length = p[4] ?? 0;
      if (length > 0) {
        const flags = p[5] ?? 0;
        randomAccess = (flags & 0x40) !== 0;
        if (flags & 0x10) {
          pcr =
            (p[6] ?? 0) * 2 ** 25 +
            (p[7] ?? 0) * 2 ** 17 +
            (p[8] ?? 0) * 2 ** 9 +
            (p[9] ?? 0) * 2 +
            ((p[10] ?? 0) >> 7);
        }
      }
      offset = 5 + length;
    }
    out.push({
      pid: ((b1 & 0x1f) << 8) | (p[2] ?? 0),
      start: (b1 & 0x40) !== 0,
      counter: b3 & 0x0f,
      randomAccess,
      pcr,
      payload: control & 1 ? p.subarray(offset) : new Uint8Array(),
    });
  }
  return out;
}

export interface Pes {
  pts: number;
  data: Uint8Array;
  randomAccess: boolean;
}

/** The PES packets on `pid`, their payload after the PES header. */
export function pesPackets(bytes: Uint8Array, pid: number): Pes[] {
  const out: Pes[] = [];
  let parts: Uint8Array[] = [];
  let randomAccess = false;
  const flush = () => {
    if (parts.length === 0) return;
    const whole = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
    let at = 0;
    for (const part of parts) {
      whole.set(part, at);
      at += part.length;
    }
    const headerLength = whole[8] ?? 0;
    const t = whole.subarray(9, 14);
    const pts =
      (((t[0] ?? 0) >> 1) & 0x07) * 2 ** 30 +
      (t[1] ?? 0) * 2 ** 22 +
      ((t[2] ?? 0) >> 1) * 2 ** 15 +
      (t[3] ?? 0) * 2 ** 7 +
      ((t[4] ?? 0) >> 1);
    out.push({ pts, data: whole.subarray(9 + headerLength), randomAccess });
    parts = [];
  };
  for (const packet of packets(bytes)) {
    if (packet.pid !== pid) continue;
    if (packet.start) {
      flush();
      randomAccess = packet.randomAccess;
    }
    parts.push(packet.payload);
  }
  flush();
  return out;
}

/** The NAL units of Annex B bytes (start codes removed). */
export function nalUnits(bytes: Uint8Array): Uint8Array[] {
  const starts: number[] = [];
  for (let i = 0; i + 2 < bytes.length; i++) {
    if (bytes[i] === 0 && bytes[i + 1] === 0 && bytes[i + 2] === 1) {
      starts.push(i + 3);
      i += 2;
    }
  }
  return starts.map((start, n) => {
    let end = n + 1 < starts.length ? (starts[n + 1] as number) - 3 : bytes.length;
    while (end > start && bytes[end - 1] === 0) end--;
    return bytes.subarray(start, end);
  });
}
