/**
 * A dish's picture beside its name (cart lines, checkout lines, search
 * results): a fixed square so nothing shifts while it loads, fetched lazily,
 * and decorative (alt="") because the dish's name is right next to it.
 * Nothing at all when the dish has no picture.
 */
import { sizedImageProps } from '../api/sized-images.ts';
import './dish-image.css';

interface DishImageProps {
  src: string | null | undefined;
  /** The square's side in CSS pixels. */
  size?: number;
  className?: string;
}

export function DishImage({ src, size = 56, className }: DishImageProps) {
  if (!src) return null;
  return (
    <img
      className={className ? `dish-image ${className}` : 'dish-image'}
      src={src}
      {...sizedImageProps(src, size)}
      alt=""
      width={size}
      height={size}
      style={{ inlineSize: size, blockSize: size }}
      loading="lazy"
      decoding="async"
    />
  );
}
