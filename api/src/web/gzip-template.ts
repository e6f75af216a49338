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
 * A page whose only per-response part is one short value repeated in it (the CSP nonce), gzipped
 * once: the text around the value is deflated ahead, part by part, each part sync-flushed so that
 * parts can be joined; a response then adds only the value itself as stored blocks, the checksum
 * and the length. This costs a response about a tenth of compressing the page afresh. The parts are
 * compressed off the main thread.
 */
export async function gzipTemplate(body: string, placeholder: string): Promise<(value: string) => Buffer> {
  const parts = (placeholder ? body.split(placeholder) : [body]).map((text) => Buffer.from(text, 'utf8'));
  const deflated: Buffer[] = await Promise.all(parts.map((part) => deflateRawAsync(part, { level: 6, finishFlush: constants.Z_SYNC_FLUSH })));
  const textLength = parts.reduce((sum, part) => sum + part.length, 0);
  return (value: string) => {
    const bytes = Buffer.from(value, 'utf8');
    if (bytes.length > MAX_STORED) throw new RangeError('the value is too long for one stored block');
    const stored = storedBlock(bytes);
    const chunks: Buffer[] = [GZIP_HEADER];
    let crc = 0;
    parts.forEach((part, i) => {
      if (i > 0) {
        chunks.push(stored);
        crc = crc32(bytes, crc);
      }
      chunks.push(deflated[i]);
      crc = crc32(part, crc);
    });
    const trailer = Buffer.alloc(8);
    trailer.writeUInt32LE(crc >>> 0, 0);
    trailer.writeUInt32LE((textLength + (parts.length - 1) * bytes.length) % 2 ** 32, 4);
    chunks.push(LAST_BLOCK, trailer);
    return Buffer.concat(chunks);
  };
}
