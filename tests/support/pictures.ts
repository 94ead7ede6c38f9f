/** Plain pictures for tests, made by sharp (the site's own image library), their removal, and a host. */
import { readdir, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import type { RecordModel } from 'pocketbase';
import type { TestPocketBase } from './pocketbase';

type Colour = { r: number; g: number; b: number };

/** A PNG of one colour. sharp is loaded on first use: specs that make none never load it. */
export async function pngBuffer(
  width: number,
  height: number,
  background: Colour = { r: 20, g: 80, b: 160 },
): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  return sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();
}

/** The same PNG as a file to upload to PocketBase. */
export async function pngBlob(width: number, height: number, background?: Colour): Promise<Blob> {
  const bytes = new Uint8Array(await pngBuffer(width, height, background));
  return new Blob([bytes], { type: 'image/png' });
}

/**
 * A PNG that only states its size: signature, IHDR (8-bit greyscale, `width` × `height`) and
 * IEND, with valid CRCs, in under 60 bytes. Headers and mime sniffing read it as a PNG of that
 * size; decoding it would fail, and must never be tried for a picture over the pixel limit.
 */
export function pngHeaderOnly(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth; colour type, compression, filter, interlace: 0
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A GIF whose screen is `width` × `height`, drawn in `frames` one-pixel frames: a few dozen bytes
 * that a decoder (sharp, PocketBase's thumbnailer) turns into `frames` full screens.
 */
export function gifFrames(width: number, height: number, frames: number): Buffer {
  const screen = Buffer.alloc(13);
  screen.write('GIF89a', 0, 'ascii');
  screen.writeUInt16LE(width, 6);
  screen.writeUInt16LE(height, 8);
  // Each frame: an image descriptor at 0,0 of 1 × 1, LZW code size 2, one data sub-block.
  const frame = Buffer.from([0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0x02, 0x02, 0x44, 0x01, 0x00]);
  return Buffer.concat([
    screen,
    ...Array.from({ length: frames }, () => frame),
    Buffer.from([0x3b]),
  ]);
}

/** Deletes a record's stored files on disk, so downloading them answers 404. */
export async function deleteStoredFiles(server: TestPocketBase, record: RecordModel) {
  const dir = path.join(server.dataDir, 'storage', record.collectionId, record.id);
  for (const name of await readdir(dir)) await rm(path.join(dir, name), { recursive: true });
}

/** What a picture host answers for a path: a file, or 'silent' (it never answers). */
type HostedFile = { type: string; body: Buffer } | 'silent';

/**
 * "Another host" for pictures on 127.0.0.1: each path of `files` (queries ignored) answers its
 * file, any other 404. Records the target of every request.
 */
export async function startPictureHost(files: Record<string, HostedFile>) {
  const requests: string[] = [];
  const server = createServer((req, res) => {
    requests.push(req.url ?? '');
    const file = files[new URL(req.url ?? '/', 'http://host.invalid').pathname];
    if (file === undefined) res.writeHead(404).end();
    // Streamed, without a Content-Length: a size limit must count the bytes as they come.
    else if (file !== 'silent')
      res.writeHead(200, { 'content-type': file.type }).write(file.body, () => res.end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
