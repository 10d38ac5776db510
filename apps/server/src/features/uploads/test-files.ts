import sharp from 'sharp';
import type { FastifyInstance } from 'fastify';

/** Test pictures and multipart bodies for the upload tests (the browser's FormData, by hand). */

export async function testPicture(format: 'png' | 'gif' | 'jpeg', width = 120, height = 90): Promise<Buffer> {
  const image = sharp({
    create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } },
  });
  if (format === 'jpeg') {
    // A phone photo's metadata: camera and GPS position, which must not survive the upload.
    return image
      .jpeg()
      .withExif({
        IFD0: { Make: 'TestCam', Model: 'Secret Model 9', Copyright: 'Private Person' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '34/1 3/1 0/1',
          GPSLongitudeRef: 'W',
          GPSLongitude: '118/1 14/1 0/1',
        },
      })
      .toBuffer();
  }
  return format === 'gif' ? image.gif().toBuffer() : image.png().toBuffer();
}

/** A 24-bit bottom-up BMP: left half red, right half blue. */
export function testBmp(width = 40, height = 30): Buffer {
  const stride = Math.ceil((width * 3) / 4) * 4;
  const file = Buffer.alloc(54 + stride * height);
  file.write('BM', 0, 'latin1');
  file.writeUInt32LE(file.length, 2);
  file.writeUInt32LE(54, 10);
  file.writeUInt32LE(40, 14);
  file.writeInt32LE(width, 18);
  file.writeInt32LE(height, 22);
  file.writeUInt16LE(1, 26);
  file.writeUInt16LE(24, 28);
  file.writeUInt32LE(stride * height, 34);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = 54 + y * stride + x * 3;
      const red = x < width / 2;
      file[at] = red ? 0 : 255; // blue
      file[at + 1] = 0;
      file[at + 2] = red ? 255 : 0; // red
    }
  }
  return file;
}

export interface Part {
  name: string;
  value: string | Buffer;
  filename?: string;
  type?: string;
}

/** A multipart/form-data body as a browser sends it. */
export function multipartBody(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----marquee${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename ? `; filename="${p.filename}"` : ''}`;
    const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.filename ? `Content-Type: ${p.type ?? 'application/octet-stream'}\r\n` : ''}\r\n`;
    chunks.push(
      Buffer.from(head),
      Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A form's text fields and at most one file, as a multipart body (`contentType` for the header). */
export function formWithFile(
  fields: Record<string, string>,
  file?: { field: string; filename: string; type: string; data: Buffer },
): { payload: Buffer; contentType: string } {
  const parts: Part[] = Object.entries(fields).map(([name, value]) => ({ name, value }));
  if (file) parts.push({ name: file.field, value: file.data, filename: file.filename, type: file.type });
  const { payload, headers } = multipartBody(parts);
  return { payload, contentType: headers['content-type'] as string };
}

/** Posts a multipart body to a path below the operations base, signed with `token`. */
export async function postMultipart(app: FastifyInstance, url: string, parts: Part[], token?: string) {
  const { payload, headers } = multipartBody(parts);
  const res = await app.inject({
    method: 'POST',
    url,
    payload,
    headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  return {
    statusCode: res.statusCode,
    body: res.json() as Record<string, unknown> & { status: string; message?: string },
  };
}

/** Uploads a picture through uploads/ as the profile page does. */
export function uploadPicture(
  app: FastifyInstance,
  token: string | undefined,
  file: Buffer,
  filename = 'photo.png',
  folder?: string,
) {
  return postMultipart(
    app,
    '/v4/operations/uploads',
    [
      { name: 'myFile', value: file, filename, type: 'image/png' },
      ...(folder ? [{ name: 'folder', value: folder }] : []),
    ],
    token,
  );
}
