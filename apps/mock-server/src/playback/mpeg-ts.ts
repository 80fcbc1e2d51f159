/**
 * An MPEG transport stream (ISO/IEC 13818-1) of one H.264 stream, written in code: a PAT, a PMT,
 * then each access unit as a PES packet with its PTS, split into 188-byte packets; the first
 * packet of each carries the PCR, and the random access indicator on a key frame.
 */

const PACKET = 188;
const PMT_PID = 0x1000;
const VIDEO_PID = 0x0100;
const STREAM_TYPE_H264 = 0x1b;
/** The clock of PTS and PCR (90 kHz); the PTS runs this far ahead of the PCR. */
export const TS_CLOCK = 90_000;
const PTS_AHEAD = TS_CLOCK / 10;

/** One access unit: Annex B bytes (start codes and NAL units), its time, whether it starts a GOP. */
export interface AccessUnit {
  data: Uint8Array;
  /** Presentation time, in 90 kHz ticks from the start of the stream. */
  pts: number;
  key: boolean;
}

/** CRC-32/MPEG-2 (poly 0x04C11DB7, no reflection), as PSI sections require. */
export function crc32Mpeg2(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte << 24;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x80000000 ? (crc << 1) ^ 0x04c11db7 : crc << 1;
    crc >>>= 0;
  }
  return crc >>> 0;
}

function withCrc(section: number[]): number[] {
  const crc = crc32Mpeg2(Uint8Array.from(section));
  return [...section, (crc >>> 24) & 0xff, (crc >>> 16) & 0xff, (crc >>> 8) & 0xff, crc & 0xff];
}

/** A packet of program specific information: pointer field, section, stuffing. */
function psiPacket(pid: number, section: number[]): Uint8Array {
  const bytes = new Uint8Array(PACKET).fill(0xff);
  bytes.set([0x47, 0x40 | (pid >> 8), pid & 0xff, 0x10, 0x00, ...section]);
  return bytes;
}

/** The program association table: program 1 at PMT_PID. */
function pat(): Uint8Array {
  const program = [0x00, 0x01, 0xe0 | (PMT_PID >> 8), PMT_PID & 0xff];
  return psiPacket(0, withCrc([0x00, 0xb0, 0x0d, 0x00, 0x01, 0xc1, 0x00, 0x00, ...program]));
}

/** The program map table: one H.264 stream, which also carries the PCR. */
function pmt(): Uint8Array {
  const pid = [0xe0 | (VIDEO_PID >> 8), VIDEO_PID & 0xff];
  const stream = [STREAM_TYPE_H264, ...pid, 0xf0, 0x00];
  return psiPacket(
    PMT_PID,
    withCrc([0x02, 0xb0, 0x12, 0x00, 0x01, 0xc1, 0x00, 0x00, ...pid, 0xf0, 0x00, ...stream]),
  );
}

/** A 33-bit timestamp in the 5 bytes of a PES header (prefix 0010: PTS only). */
function timestamp(ticks: number): number[] {
  const high = Math.floor(ticks / 2 ** 30) & 0x07;
  const low = ticks % 2 ** 30;
  return [
    0x21 | (high << 1),
    (low >>> 22) & 0xff,
    ((low >>> 14) & 0xfe) | 1,
    (low >>> 7) & 0xff,
    ((low << 1) & 0xfe) | 1,
  ];
}

/** The PES header of a video access unit with `size` bytes of payload. */
function pesHeader(pts: number, size: number): number[] {
  const length = size + 8 <= 0xffff ? size + 8 : 0; // 0: unbounded, allowed for video
  return [0x00, 0x00, 0x01, 0xe0, length >> 8, length & 0xff, 0x84, 0x80, 0x05, ...timestamp(pts)];
}

/** A PCR (base in 90 kHz ticks, extension 0) as the 6 bytes of an adaptation field. */
function pcr(ticks: number): number[] {
  const base = ticks % 2 ** 33;
  const high = Math.floor(base / 2); // the 32 high bits of 33
  return [
    (high >>> 24) & 0xff,
    (high >>> 16) & 0xff,
    (high >>> 8) & 0xff,
    high & 0xff,
    ((base % 2) << 7) | 0x7e,
    0x00,
  ];
}

/** The packets of one PES packet on VIDEO_PID; `counter` is the continuity counter to go on from. */
function pesPackets(unit: AccessUnit, counter: number): Uint8Array[] {
  const payload = new Uint8Array(14 + unit.data.length);
  payload.set(pesHeader(unit.pts + PTS_AHEAD, unit.data.length));
  payload.set(unit.data, 14);
  const packets: Uint8Array[] = [];
  for (let at = 0; at < payload.length; counter++) {
    const first = at === 0;
    // The first packet: adaptation field with flags and PCR (8 bytes with its length byte).
    const fields = first ? [(unit.key ? 0x40 : 0) | 0x10, ...pcr(unit.pts)] : [];
    const room = PACKET - 4 - (first ? 1 + fields.length : 0);
    const size = Math.min(room, payload.length - at);
    const adaptation = first || size < room ? PACKET - 4 - size : 0; // bytes, length byte included
    const bytes = new Uint8Array(PACKET);
    const control = adaptation > 0 ? 0x30 : 0x10;
    bytes.set([0x47, (first ? 0x40 : 0) | (VIDEO_PID >> 8), VIDEO_PID & 0xff, control | (counter & 0x0f)]);
    if (adaptation > 0) {
      bytes[4] = adaptation - 1;
      if (adaptation > 1) {
        const body = new Uint8Array(adaptation - 1).fill(0xff);
        body.set(fields.length > 0 ? fields : [0x00]);
        bytes.set(body, 5);
      }
    }
    bytes.set(payload.subarray(at, at + size), 4 + adaptation);
    packets.push(bytes);
    at += size;
  }
  return packets;
}

/**
 * A transport stream segment: PAT, PMT, then every access unit in order.
 *
 * @example
 * const ts = transportStream([{ data: annexB, pts: 0, key: true }]); // ts.length % 188 === 0
 */
export function transportStream(units: readonly AccessUnit[]): Uint8Array {
  const packets = [pat(), pmt()];
  let counter = 0;
  for (const unit of units) {
    const unitPackets = pesPackets(unit, counter);
    counter += unitPackets.length;
    packets.push(...unitPackets);
  }
  const out = new Uint8Array(packets.length * PACKET);
  packets.forEach((packet, i) => {
    out.set(packet, i * PACKET);
  });
  return out;
}
