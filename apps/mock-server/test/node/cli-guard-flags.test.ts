/** The CLI flags of the mock's guards beyond the readings: --max-custom-fields, --max-record-bytes. */
import { describe, expect, it } from 'vitest';
import { parseCliArgs } from '../../src/node/cli/cli-args.js';

describe('guard flags', () => {
  it('set maxCustomFields and maxRecordBytes (bytes with a unit)', () => {
    const { options } = parseCliArgs(['--max-custom-fields', '50', '--max-record-bytes', '64KiB']);
    expect(options).toMatchObject({ maxCustomFields: 50, maxRecordBytes: 65_536 });
  });

  it('leave the defaults to the options when absent', () => {
    const { options } = parseCliArgs([]);
    expect(options.maxCustomFields).toBeUndefined();
    expect(options.maxRecordBytes).toBeUndefined();
  });

  it.each([
    [['--max-custom-fields', '0'], '--max-custom-fields: "0" is not accepted (an integer >= 1)'],
    [['--max-custom-fields', 'many'], '--max-custom-fields: "many" is not accepted'],
    [['--max-record-bytes', '0'], '--max-record-bytes: "0" is not accepted'],
    [['--max-record-bytes', '1 parsec'], '--max-record-bytes: "1 parsec" is not accepted'],
  ])('refuse %j, naming the flag', (argv, message) => {
    expect(() => parseCliArgs(argv)).toThrow(message);
  });
});
