/**
 * src/api/sized-images.ts: the sizes a screen offers the browser for a
 * picture in a square, and only for pictures this server can size.
 */
import { describe, expect, it } from 'vitest';
import { sizedImageProps, sizedImageUrl } from '../../../src/api/sized-images.ts';

describe('sizedImageProps', () => {
  it('offers a 96 px square its sizes from one to three device pixels per CSS pixel', () => {
    expect(sizedImageProps('/public/images/catalog/0123456789abcdef0123456789abcdef.webp', 96)).toEqual({
      srcSet:
        '/public/images/sized/96/catalog/0123456789abcdef0123456789abcdef.webp 96w, /public/images/sized/192/catalog/0123456789abcdef0123456789abcdef.webp 192w, /public/images/sized/384/catalog/0123456789abcdef0123456789abcdef.webp 384w',
      sizes: '96px',
    });
  });

  it('offers a 56 px dish picture two sizes, the larger covering three device pixels', () => {
    expect(sizedImageProps('/public/images/catalog/0123456789abcdef0123456789abcdef.jpg', 56).srcSet).toBe(
      '/public/images/sized/96/catalog/0123456789abcdef0123456789abcdef.jpg 96w, /public/images/sized/192/catalog/0123456789abcdef0123456789abcdef.jpg 192w',
    );
  });

  it('offers nothing for a vector picture, small at any size', () => {
    expect(sizedImageProps('/public/images/stores/golden-wok.svg', 96)).toEqual({});
  });

  it('offers nothing for a picture of another site, one already sized, a non-picture, or none', () => {
    expect(sizedImageProps('https://cdn.example/cover.jpg', 96)).toEqual({});
    expect(sizedImageProps('/public/images/sized/192/catalog/0123456789abcdef0123456789abcdef.png', 96)).toEqual({});
    expect(sizedImageProps('/public/images/stores/menu.pdf', 96)).toEqual({});
    expect(sizedImageProps('/public/images/stores/cover.png?v=2', 96)).toEqual({});
    expect(sizedImageProps(null, 96)).toEqual({});
    expect(sizedImageProps('', 96)).toEqual({});
  });

  it('leaves an address it cannot size as it is', () => {
    expect(sizedImageUrl('https://cdn.example/cover.jpg', 192)).toBe('https://cdn.example/cover.jpg');
  });
});
