import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import type { ApiClient } from './api/client.ts';
import { ImageSchema } from './schemas/image.ts';
import {
  IMAGE_RATIOS,
  IMAGE_SIZES,
  imageName,
  imageSrcSet,
  imageUrl,
  isImageSize,
  parseImageName,
  renderedSize,
  sizeDimensions,
  sizeRatio,
  uploadImage,
  type ImageRef,
  type ImageSize,
} from './images.ts';

const image: ImageRef = { id: 12, file_parse: { host: 'https://proxy.example', format: 'jpeg' } };

describe('the size allow-list', () => {
  it('has no duplicates and only canonical spellings', () => {
    expect(new Set(IMAGE_SIZES).size).toBe(IMAGE_SIZES.length);
    for (const size of IMAGE_SIZES) expect(size).toMatch(/^[1-9][0-9]*x(0|[1-9][0-9]*)$/);
  });

  it('belongs to the documented ratio families, each with widths up to 1920', () => {
    for (const size of IMAGE_SIZES) expect(IMAGE_RATIOS).toContain(sizeRatio(size));
    const widths = (ratio: string) =>
      IMAGE_SIZES.filter((s) => sizeRatio(s) === ratio).map((s) => sizeDimensions(s).width);
    expect(widths('auto')).toEqual([160, 320, 480, 640, 800, 960, 1280, 1920]);
    expect(widths('4:3')).toEqual([160, 320, 480, 640, 960, 1280, 1920]);
    expect(widths('16:9')).toEqual([160, 320, 480, 640, 960, 1280, 1920]);
    expect(widths('1:1')).toEqual([16, 24, 32, 48, 64, 96, 128, 160, 192, 256, 320, 480, 640, 960]);
  });

  it.each([
    ['640x480', true],
    ['1920x0', true],
    ['641x480', false],
    ['0640x0480', false],
    ['0x640', false],
    ['640x', false],
  ])('isImageSize(%s) is %s', (size, expected) => {
    expect(isImageSize(size)).toBe(expected);
  });
});

describe('parseImageName', () => {
  it.each([
    ['12.webp', { id: 12, size: null, crop: false, format: 'webp', canonical: '12.webp' }],
    ['12.jpg', { id: 12, size: null, crop: false, format: 'jpeg', canonical: '12.jpeg' }],
    ['12-640x480.png', { id: 12, size: '640x480', crop: false, format: 'png', canonical: '12-640x480.png' }],
    ['7-640x480-c.jpg', { id: 7, size: '640x480', crop: true, format: 'jpeg', canonical: '7-640x480-c.jpeg' }],
    ['2147483647-320x0.webp', { id: 2147483647, size: '320x0', crop: false, format: 'webp' }],
  ])('reads %s', (name, expected) => {
    expect(parseImageName(name)).toMatchObject({ ok: true, ...expected });
  });

  it.each([
    ['012.png', 'malformed'],
    ['abc.png', 'malformed'],
    ['-1.png', 'malformed'],
    ['12', 'malformed'],
    ['12.png.png', 'malformed'],
    ['12-c-640x480.png', 'malformed'],
    ['12.PNG', 'malformed'],
    ['2147483648.png', 'malformed'],
    ['12-640x480x2.png', 'malformed'],
    ['12.gif', 'format'],
    ['12-640x480.svg', 'format'],
    ['12-641x480.png', 'size'],
    ['12-0640x0480.png', 'size'],
    ['12-20000x20000.png', 'size'],
    ['12-c.png', 'crop'],
    ['12-640x0-c.png', 'crop'],
  ])('refuses %s (%s)', (name, problem) => {
    expect(parseImageName(name)).toMatchObject({ ok: false, problem });
  });
});

describe('imageName and imageUrl', () => {
  it('builds the canonical URL on the image host, in its own format by default', () => {
    expect(imageUrl(image)).toBe('https://proxy.example/api/users/images/12.jpeg');
    expect(imageUrl(image, { size: '640x480', crop: true, format: 'webp' })).toBe(
      'https://proxy.example/api/users/images/12-640x480-c.webp',
    );
    expect(
      imageUrl({ ...image, file_parse: { host: 'https://proxy.example/', format: 'png' } }, { size: '320x0' }),
    ).toBe('https://proxy.example/api/users/images/12-320x0.png');
  });

  it('round-trips through parseImageName', () => {
    for (const size of IMAGE_SIZES) {
      const crop = sizeDimensions(size).height > 0;
      const name = imageName(5, 'webp', { size, crop });
      expect(parseImageName(name)).toMatchObject({ ok: true, id: 5, size, crop, canonical: name });
    }
  });

  it('refuses a variant the server would refuse', () => {
    expect(() => imageName(1, 'png', { crop: true })).toThrow(/Cropping needs/);
    expect(() => imageName(1, 'png', { size: '320x0', crop: true })).toThrow(/Cropping needs/);
    expect(() => imageName(1, 'png', { size: '333x333' as ImageSize })).toThrow(/not allowed/);
  });
});

describe('renderedSize (never enlarged)', () => {
  const big = { width: 4000, height: 3000 };
  const small = { width: 300, height: 200 };
  it.each([
    ['the whole image without a size', big, {}, { width: 4000, height: 3000 }],
    ['fit inside a box, ratio kept', big, { size: '640x360' }, { width: 480, height: 360 }],
    ['width only', big, { size: '960x0' }, { width: 960, height: 720 }],
    ['fit: a small source stays as it is', small, { size: '640x480' }, { width: 300, height: 200 }],
    ['width only: a small source stays as it is', small, { size: '1920x0' }, { width: 300, height: 200 }],
    ['crop: exactly the box', big, { size: '640x640', crop: true }, { width: 640, height: 640 }],
    [
      'crop: a small source keeps the box ratio at its own scale',
      small,
      { size: '640x640', crop: true },
      { width: 200, height: 200 },
    ],
    [
      'crop: one side too short',
      { width: 1000, height: 300 },
      { size: '640x480', crop: true },
      { width: 400, height: 300 },
    ],
    ['never below one pixel', { width: 10000, height: 2 }, { size: '160x0' }, { width: 160, height: 1 }],
  ] as const)('%s', (_name, source, variant, expected) => {
    expect(renderedSize(source, variant)).toEqual(expected);
  });
});

describe('imageSrcSet', () => {
  it('lists every width of the family when the source size is unknown', () => {
    expect(imageSrcSet(image, { format: 'webp' })).toBe(
      [160, 320, 480, 640, 800, 960, 1280, 1920]
        .map((w) => `https://proxy.example/api/users/images/12-${w}x0.webp ${w}w`)
        .join(', '),
    );
  });

  it('stops at the source width, describing the last entry by its real width', () => {
    const srcset = imageSrcSet({ ...image, width: 700, height: 350 });
    expect(srcset).toBe(
      ['12-160x0.jpeg 160w', '12-320x0.jpeg 320w', '12-480x0.jpeg 480w', '12-640x0.jpeg 640w', '12-800x0.jpeg 700w']
        .map((entry) => `https://proxy.example/api/users/images/${entry}`)
        .join(', '),
    );
  });

  it('uses the boxes of a ratio, cropped when asked', () => {
    const srcset = imageSrcSet(image, { ratio: '16:9', crop: true, source: { width: 1000, height: 1000 } });
    expect(srcset.split(', ')).toEqual([
      'https://proxy.example/api/users/images/12-160x90-c.jpeg 160w',
      'https://proxy.example/api/users/images/12-320x180-c.jpeg 320w',
      'https://proxy.example/api/users/images/12-480x270-c.jpeg 480w',
      'https://proxy.example/api/users/images/12-640x360-c.jpeg 640w',
      'https://proxy.example/api/users/images/12-960x540-c.jpeg 960w',
      'https://proxy.example/api/users/images/12-1280x720-c.jpeg 1000w',
    ]);
  });
});

describe('ImageSchema and uploadImage', () => {
  it('decodes the upload answer', () => {
    const body = {
      id: 3,
      file_parse: { host: 'http://testserver', format: 'png' },
      width: 10,
      height: 20,
      url: 'http://testserver/api/users/images/3.png',
    };
    expect(v.parse(ImageSchema, body)).toEqual(body);
    expect(v.safeParse(ImageSchema, { ...body, file_parse: { host: 'x', format: 'gif' } }).success).toBe(false);
  });

  it('posts the file as the `file` field to the upload path', async () => {
    const calls: unknown[] = [];
    const api = {
      request: () => Promise.reject(new Error('unused')),
      upload: (path: string, file: Blob, options: unknown) => {
        calls.push([path, file, options]);
        return Promise.resolve({ id: 1 });
      },
    } as unknown as ApiClient;
    const file = new Blob(['x']);
    await expect(uploadImage(api, file, 'a.png')).resolves.toEqual({ id: 1 });
    expect(calls).toEqual([['/api/users/images/', file, { field: 'file', filename: 'a.png', signal: undefined }]]);
  });
});
