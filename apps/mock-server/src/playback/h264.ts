/**
 * An H.264 stream that needs no encoder (ITU-T H.264): every coded macroblock is I_PCM, its
 * samples stored as they are; a frame after the first codes only the macroblocks that changed and
 * skips the rest (P_Skip copies them from the frame before). Constrained Baseline profile, CAVLC,
 * 4:2:0, 8 bits, picture order from frame_num (no reordering), no deblocking.
 */
import { BitWriter, nalUnit } from './bit-writer.js';

/** A picture in 4:2:0: planes of the coded size (whole macroblocks), rows one after another. */
export interface Picture {
  y: Uint8Array;
  cb: Uint8Array;
  cr: Uint8Array;
}

/** The shown size (even numbers) and frame rate of a stream. */
export interface StreamFormat {
  width: number;
  height: number;
  fps: number;
}

const PROFILE_BASELINE = 66;
const CONSTRAINED = 0xc0; // constraint_set0_flag and constraint_set1_flag: Constrained Baseline
const LEVEL = 20; // 2.0: up to 396 macroblocks a frame, 2 Mbit/s
const LOG2_MAX_FRAME_NUM = 8;
const MB_TYPE_I_PCM_IN_I = 25;
const MB_TYPE_I_PCM_IN_P = 30; // intra types follow the 5 inter types of a P slice

/** Width and height in macroblocks. */
export function macroblocks({ width, height }: StreamFormat): { across: number; down: number } {
  return { across: Math.ceil(width / 16), down: Math.ceil(height / 16) };
}

/** The `CODECS` attribute value of HLS for this stream (RFC 6381: avc1.PPCCLL). */
export const CODECS = `avc1.${[PROFILE_BASELINE, CONSTRAINED, LEVEL].map((byte) => byte.toString(16).padStart(2, '0')).join('')}`;

/** The sequence parameter set (§7.3.2.1.1), with a VUI that states the frame rate. */
export function sequenceParameterSet(format: StreamFormat): Uint8Array {
  const { across, down } = macroblocks(format);
  const cropRight = (across * 16 - format.width) / 2;
  const cropBottom = (down * 16 - format.height) / 2;
  const w = new BitWriter()
    .u(8, PROFILE_BASELINE)
    .u(8, CONSTRAINED)
    .u(8, LEVEL)
    .ue(0) // seq_parameter_set_id
    .ue(LOG2_MAX_FRAME_NUM - 4)
    .ue(2) // pic_order_cnt_type: output order is decoding order
    .ue(1) // max_num_ref_frames
    .u(1, 0) // gaps_in_frame_num_value_allowed_flag
    .ue(across - 1)
    .ue(down - 1)
    .u(1, 1) // frame_mbs_only_flag
    .u(1, 1); // direct_8x8_inference_flag
  if (cropRight > 0 || cropBottom > 0) w.u(1, 1).ue(0).ue(cropRight).ue(0).ue(cropBottom);
  else w.u(1, 0);
  w.u(1, 1) // vui_parameters_present_flag
    .u(1, 1) // aspect_ratio_info_present_flag
    .u(8, 1) // square pixels
    .u(1, 0) // overscan_info_present_flag
    .u(1, 0) // video_signal_type_present_flag
    .u(1, 0) // chroma_loc_info_present_flag
    .u(1, 1) // timing_info_present_flag
    .u(32, 1) // num_units_in_tick
    .u(32, 2 * format.fps) // time_scale: two ticks a frame
    .u(1, 1) // fixed_frame_rate_flag
    .u(1, 0) // nal_hrd_parameters_present_flag
    .u(1, 0) // vcl_hrd_parameters_present_flag
    .u(1, 0) // pic_struct_present_flag
    .u(1, 1) // bitstream_restriction_flag
    .u(1, 1) // motion_vectors_over_pic_boundaries_flag
    .ue(0) // max_bytes_per_pic_denom
    .ue(0) // max_bits_per_mb_denom
    .ue(16) // log2_max_mv_length_horizontal
    .ue(16) // log2_max_mv_length_vertical
    .ue(0) // max_num_reorder_frames: a frame is shown as soon as it is decoded
    .ue(1); // max_dec_frame_buffering
  return nalUnit(3, 7, w.trailing());
}

/** The picture parameter set (§7.3.2.2): CAVLC, one slice group, deblocking controlled per slice. */
export function pictureParameterSet(): Uint8Array {
  const w = new BitWriter()
    .ue(0) // pic_parameter_set_id
    .ue(0) // seq_parameter_set_id
    .u(1, 0) // entropy_coding_mode_flag: CAVLC
    .u(1, 0) // bottom_field_pic_order_in_frame_present_flag
    .ue(0) // num_slice_groups_minus1
    .ue(0) // num_ref_idx_l0_default_active_minus1
    .ue(0) // num_ref_idx_l1_default_active_minus1
    .u(1, 0) // weighted_pred_flag
    .u(2, 0) // weighted_bipred_idc
    .se(0) // pic_init_qp_minus26
    .se(0) // pic_init_qs_minus26
    .se(0) // chroma_qp_index_offset
    .u(1, 1) // deblocking_filter_control_present_flag
    .u(1, 0) // constrained_intra_pred_flag
    .u(1, 0); // redundant_pic_cnt_present_flag
  return nalUnit(3, 8, w.trailing());
}

/** An access unit delimiter (§7.3.2.4): any slice type may follow. */
export function accessUnitDelimiter(): Uint8Array {
  return nalUnit(0, 9, new BitWriter().u(3, 7).trailing());
}

/** The samples of macroblock (mx, my) in I_PCM order: 256 luma, 64 Cb, 64 Cr. */
function pcmSamples(picture: Picture, across: number, mx: number, my: number): Uint8Array {
  const out = new Uint8Array(384);
  const lumaStride = across * 16;
  for (let row = 0; row < 16; row++) {
    const from = (my * 16 + row) * lumaStride + mx * 16;
    out.set(picture.y.subarray(from, from + 16), row * 16);
  }
  const chromaStride = across * 8;
  for (let row = 0; row < 8; row++) {
    const from = (my * 8 + row) * chromaStride + mx * 8;
    out.set(picture.cb.subarray(from, from + 8), 256 + row * 8);
    out.set(picture.cr.subarray(from, from + 8), 320 + row * 8);
  }
  return out;
}

function differs(a: Picture, b: Picture, across: number, mx: number, my: number): boolean {
  const x = pcmSamples(a, across, mx, my);
  const y = pcmSamples(b, across, mx, my);
  return x.some((value, i) => value !== y[i]);
}

/**
 * A coded frame: an IDR picture of I_PCM macroblocks when there is no `previous` frame, else a P
 * picture (frame number `frameNum` since the IDR) coding only the macroblocks that differ.
 */
export function codedSlice(
  format: StreamFormat,
  picture: Picture,
  previous?: { picture: Picture; frameNum: number },
  idrPicId = 0,
): Uint8Array {
  const { across, down } = macroblocks(format);
  const w = new BitWriter().ue(0); // first_mb_in_slice
  if (!previous) {
    w.ue(7) // slice_type: I, every slice of the picture
      .ue(0) // pic_parameter_set_id
      .u(LOG2_MAX_FRAME_NUM, 0)
      .ue(idrPicId)
      .u(1, 0) // no_output_of_prior_pics_flag
      .u(1, 0); // long_term_reference_flag
  } else {
    w.ue(5) // slice_type: P, every slice of the picture
      .ue(0)
      .u(LOG2_MAX_FRAME_NUM, previous.frameNum % 2 ** LOG2_MAX_FRAME_NUM)
      .u(1, 0) // num_ref_idx_active_override_flag
      .u(1, 0) // ref_pic_list_modification_flag_l0
      .u(1, 0); // adaptive_ref_pic_marking_mode_flag: sliding window
  }
  w.se(0) // slice_qp_delta
    .ue(1); // disable_deblocking_filter_idc: off
  let skipped = 0;
  for (let my = 0; my < down; my++) {
    for (let mx = 0; mx < across; mx++) {
      if (previous && !differs(picture, previous.picture, across, mx, my)) {
        skipped += 1;
        continue;
      }
      if (previous) w.ue(skipped); // mb_skip_run
      skipped = 0;
      w.ue(previous ? MB_TYPE_I_PCM_IN_P : MB_TYPE_I_PCM_IN_I)
        .align()
        .bytes(pcmSamples(picture, across, mx, my));
    }
  }
  if (skipped > 0) w.ue(skipped);
  return previous ? nalUnit(2, 1, w.trailing()) : nalUnit(3, 5, w.trailing());
}
