/**
 * A small valid MPEG transport stream generated in code: 188-byte packets with a PAT, a PMT
 * (one H.264 stream) and one PES packet carrying an access unit delimiter. Enough for a player
 * to parse the segment of the placeholder HLS; no binary asset comes from outside.
 */

const PACKET = 188;
const PMT_PID = 0x1000;
const VIDEO_PID = 0x0100;

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

function packet(pid: number, counter: number, payload: number[], adaptation?: number[]): Uint8Array {
  const bytes = new Uint8Array(PACKET).fill(0xff);
  const control = adaptation ? 0x30 : 0x10;
  bytes.set([0x47, 0x40 | ((pid >> 8) & 0x1f), pid & 0xff, control | (counter & 0x0f)], 0);
  let at = 4;
  if (adaptation) {
    bytes.set(adaptation, at);
    at += adaptation.length;
  }
  bytes.set(payload, at);
  return bytes;
}

function pat(): Uint8Array {
  const section = withCrc([
    0x00,
    0xb0,
    0x0d,
    0x00,
    0x01,
    0xc1,
    0x00,
    0x00,
    0x00,
    0x01,
    0xe0 | (PMT_PID >> 8),
    PMT_PID & 0xff,
  ]);
  return packet(0, 0, [0x00, ...section]);
}

function pmt(): Uint8Array {
  const section = withCrc([
    0x02,
    0xb0,
    0x12,
    0x00,
    0x01,
    0xc1,
    0x00,
    0x00,
    0xe0 | (VIDEO_PID >> 8),
    VIDEO_PID & 0xff,
    0xf0,
    0x00,
    0x1b,
    0xe0 | (VIDEO_PID >> 8),
    VIDEO_PID & 0xff,
    0xf0,
    0x00,
  ]);
  return packet(PMT_PID, 0, [0x00, ...section]);
}

function pes(): Uint8Array {
  // PES header with PTS 0, then an H.264 access unit delimiter NAL unit.
  const payload = [0x00, 0x00, 0x01, 0xe0, 0x00, 0x00, 0x80, 0x80, 0x05, 0x21, 0x00, 0x01, 0x00, 0x01];
  payload.push(0x00, 0x00, 0x00, 0x01, 0x09, 0xf0);
  const fieldLength = PACKET - 4 - payload.length - 1;
  // Adaptation field: random access + PCR (0), then stuffing.
  const adaptation = [fieldLength, 0x50, 0x00, 0x00, 0x00, 0x00, 0x7e, 0x00];
  while (adaptation.length < fieldLength + 1) adaptation.push(0xff);
  const bytes = packet(VIDEO_PID, 0, [], adaptation);
  bytes.set(payload, 4 + adaptation.length);
  bytes[1] = 0x40 | ((VIDEO_PID >> 8) & 0x1f);
  return bytes;
}

/**
 * The placeholder segment: PAT, PMT and one PES packet (3 × 188 bytes).
 *
 * @example
 * const ts = placeholderSegment(); // ts.length === 564, ts[0] === 0x47
 */
export function placeholderSegment(): Uint8Array {
  const out = new Uint8Array(PACKET * 3);
  out.set(pat(), 0);
  out.set(pmt(), PACKET);
  out.set(pes(), PACKET * 2);
  return out;
}
