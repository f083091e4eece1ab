/**
 * The chunk arithmetic is simple-uploader.js's: for many sizes, the count and each chunk's size the
 * library computes (chunk.js computeEndByte, file.js bootstrap, with and without forceChunkSize) are
 * the ones the server accepts, and no other count or size is.
 */
import { describe, expect, it } from 'vitest';
import { chunkCounts, chunkProblem, expectedChunkSize } from './archive';

/** simple-uploader.js 0.6: file.js bootstrap + chunk.js computeEndByte. */
function libraryChunks(size: number, chunkSize: number, forceChunkSize: boolean): number[] {
  const round = forceChunkSize ? Math.ceil : Math.floor;
  const count = Math.max(round(size / chunkSize), 1);
  return Array.from({ length: count }, (_, offset) => {
    let end = Math.min(size, (offset + 1) * chunkSize);
    if (size - end < chunkSize && !forceChunkSize) end = size;
    return end - offset * chunkSize;
  });
}

describe('chunk arithmetic', () => {
  const chunkSize = 64 * 1024;
  const sizes = [
    1,
    1000,
    chunkSize - 1,
    chunkSize,
    chunkSize + 1,
    2 * chunkSize - 1,
    2 * chunkSize,
    5 * chunkSize + 17,
    52_428_800,
  ];

  it('accepts exactly what simple-uploader.js sends, with and without forceChunkSize', () => {
    for (const size of sizes) {
      for (const force of [false, true]) {
        const chunks = libraryChunks(size, chunkSize, force);
        expect(chunkCounts(size, chunkSize)).toContain(chunks.length);
        chunks.forEach((bytes, i) => {
          expect(expectedChunkSize(i + 1, chunkSize, size, chunks.length)).toBe(bytes);
          const params = {
            chunkNumber: i + 1,
            chunkSize,
            currentChunkSize: bytes,
            totalSize: size,
            totalChunks: chunks.length,
          };
          expect(chunkProblem(params)).toBeNull();
          expect(chunkProblem({ ...params, currentChunkSize: bytes + 1 })).not.toBeNull();
        });
        expect(
          chunkProblem({
            chunkNumber: chunks.length + 1,
            chunkSize,
            currentChunkSize: 1,
            totalSize: size,
            totalChunks: chunks.length,
          }),
        ).not.toBeNull();
      }
      expect(
        chunkProblem({
          chunkNumber: 1,
          chunkSize,
          currentChunkSize: 1,
          totalSize: size,
          totalChunks: Math.ceil(size / chunkSize) + 1,
        }),
      ).not.toBeNull();
    }
  });
});
