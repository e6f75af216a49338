import { promisify } from 'node:util';
import { constants, crc32, deflateRaw } from 'node:zlib';

const deflateRawAsync = promisify(deflateRaw);

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]);
/** An empty last block (stored, BFINAL set): the parts before it are all sync-flushed, so it starts on a byte. */
const LAST_BLOCK = Buffer.from([1, 0, 0, 0xff, 0xff]);
const MAX_STORED = 0xffff;

/** A stored (uncompressed) deflate block holding `value`; it starts and ends on a byte boundary. */
function storedBlock(value: Buffer): Buffer {
  const n = value.length;
  return Buffer.concat([Buffer.from([0, n & 0xff, n >> 8, ~n & 0xff, (~n >> 8) & 0xff]), value]);
}

/**
 * A page whose only per-response part is one short value repeated in it (the CSP nonce), kept as
 * the bytes around that value. `gzip` answers without compressing the page again: the parts are
 * deflated once (off the main thread, `prepareGzip`), each sync-flushed so that they can be joined,
 * and a response adds only the value as stored blocks, the checksum and the length — about a tenth
 * of the work of compressing the page afresh.
 */
export class PageTemplate {
  private readonly parts: Buffer[];
  private readonly textLength: number;
  private deflated?: Buffer[];

  constructor(body: string, placeholder: string) {
    this.parts = (placeholder ? body.split(placeholder) : [body]).map((text) => Buffer.from(text, 'utf8'));
    this.textLength = this.parts.reduce((sum, part) => sum + part.length, 0);
  }

  /** The page with `value` in every place. */
  plain(value: string): Buffer {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat(this.parts.flatMap((part, i) => (i > 0 ? [bytes, part] : [part])));
  }

  async prepareGzip(): Promise<void> {
    this.deflated ??= await Promise.all(
      this.parts.map((part) => deflateRawAsync(part, { level: 6, finishFlush: constants.Z_SYNC_FLUSH })),
    );
  }

  get canGzip(): boolean {
    return this.deflated !== undefined;
  }

  /** The page with `value` in every place, as a gzip stream (after `prepareGzip`). */
  gzip(value: string): Buffer {
    const deflated = this.deflated;
    if (!deflated) throw new Error('prepareGzip() first');
    const bytes = Buffer.from(value, 'utf8');
    if (bytes.length > MAX_STORED) throw new RangeError('the value is too long for one stored block');
    const stored = storedBlock(bytes);
    const chunks: Buffer[] = [GZIP_HEADER];
    let crc = 0;
    this.parts.forEach((part, i) => {
      if (i > 0) {
        chunks.push(stored);
        crc = crc32(bytes, crc);
      }
      chunks.push(deflated[i]);
      crc = crc32(part, crc);
    });
    const trailer = Buffer.alloc(8);
    trailer.writeUInt32LE(crc >>> 0, 0);
    trailer.writeUInt32LE((this.textLength + (this.parts.length - 1) * bytes.length) % 2 ** 32, 4);
    chunks.push(LAST_BLOCK, trailer);
    return Buffer.concat(chunks);
  }
}
