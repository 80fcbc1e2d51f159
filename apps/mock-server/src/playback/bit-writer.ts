/**
 * Bits as H.264 writes them (ITU-T H.264 §7.2): fixed-width fields, Exp-Golomb codes, byte
 * alignment, RBSP trailing bits; and a NAL unit from its RBSP with emulation prevention (§7.4.1).
 */

/** Writes bits most significant first into a growing byte array. */
export class BitWriter {
  #bytes = new Uint8Array(1024);
  #length = 0; // whole bytes written
  #current = 0; // bits of the byte being filled
  #filled = 0; // how many of them

  /** `u(n)`: `value` in `width` bits (width ≤ 32). */
  u(width: number, value: number): this {
    for (let bit = width - 1; bit >= 0; bit--) this.#bit(Math.floor(value / 2 ** bit) % 2);
    return this;
  }

  /** `ue(v)`: unsigned Exp-Golomb. */
  ue(value: number): this {
    const code = value + 1;
    const width = Math.floor(Math.log2(code)) + 1;
    return this.u(width - 1, 0).u(width, code);
  }

  /** `se(v)`: signed Exp-Golomb. */
  se(value: number): this {
    return this.ue(value > 0 ? 2 * value - 1 : -2 * value);
  }

  /** Zero bits up to the next byte boundary (`pcm_alignment_zero_bit`, `alignment_zero_bit`). */
  align(): this {
    while (this.#filled !== 0) this.#bit(0);
    return this;
  }

  /** Whole bytes; the writer must be byte-aligned. */
  bytes(values: Uint8Array): this {
    if (this.#filled !== 0) throw new Error('BitWriter.bytes: not byte-aligned');
    this.#reserve(values.length);
    this.#bytes.set(values, this.#length);
    this.#length += values.length;
    return this;
  }

  /** `rbsp_trailing_bits()`: a one bit, then zeros to the byte boundary; returns the RBSP. */
  trailing(): Uint8Array {
    this.#bit(1);
    this.align();
    return this.#bytes.slice(0, this.#length);
  }

  #bit(bit: number): void {
    this.#current = (this.#current << 1) | bit;
    if (++this.#filled < 8) return;
    this.#reserve(1);
    this.#bytes[this.#length++] = this.#current;
    this.#current = 0;
    this.#filled = 0;
  }

  #reserve(extra: number): void {
    if (this.#length + extra <= this.#bytes.length) return;
    const grown = new Uint8Array(Math.max(this.#bytes.length * 2, this.#length + extra));
    grown.set(this.#bytes.subarray(0, this.#length));
    this.#bytes = grown;
  }
}

/**
 * A NAL unit: its header byte, then the RBSP with an emulation prevention byte (0x03) after any
 * two zero bytes that a byte ≤ 0x03 follows, so no start code appears inside it.
 *
 * @example
 * nalUnit(3, 7, sps); // a sequence parameter set, nal_ref_idc 3
 */
export function nalUnit(refIdc: number, type: number, rbsp: Uint8Array): Uint8Array {
  const out = new Uint8Array(1 + rbsp.length + Math.ceil(rbsp.length / 2));
  out[0] = (refIdc << 5) | type;
  let length = 1;
  let zeros = 0;
  for (const byte of rbsp) {
    if (zeros >= 2 && byte <= 3) {
      out[length++] = 3;
      zeros = 0;
    }
    out[length++] = byte;
    zeros = byte === 0 ? zeros + 1 : 0;
  }
  return out.slice(0, length);
}
