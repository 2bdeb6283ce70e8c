import type { CSSProperties } from 'react';
import { useTheme } from 'styled-components';
import { SkeletonBlock, type SkeletonShape } from './Skeleton.styles';

export interface SkeletonProps {
  shape?: SkeletonShape;
  /** Any CSS length; defaults to the full width (text, rect) or the height (circle). */
  width?: string;
  /** Any CSS length; defaults to one line of text. */
  height?: string;
  className?: string;
  style?: CSSProperties;
}

/** A placeholder for content that is loading. Decorative: announce loading elsewhere (aria-busy). */
export function Skeleton({ shape = 'text', width, height, className, style }: SkeletonProps) {
  const theme = useTheme();
  const h = height ?? (shape === 'text' ? `${theme.lineHeight.normal}em` : theme.space[7]);
  const w = width ?? (shape === 'circle' ? h : '100%');
  return (
    <SkeletonBlock
      aria-hidden="true"
      data-skeleton=""
      $shape={shape}
      $width={w}
      $height={h}
      className={className}
      style={style}
    />
  );
}
