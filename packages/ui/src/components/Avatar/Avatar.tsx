import { useState } from 'react';
import { AvatarImage, AvatarRoot, type AvatarSize } from './Avatar.styles';

export interface AvatarProps {
  /** The person's name: the image's alternative text and the source of the initials. */
  name: string;
  src?: string;
  size?: AvatarSize;
  className?: string;
}

/** Up to two initials: first and last word ("Ada King Lovelace" → "AL"; "ada.king@x.io" → "AK"). */
export function initials(name: string): string {
  const local = name.split('@')[0] ?? '';
  const words = local
    .trim()
    .split(/[\s._-]+/)
    .filter(Boolean);
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : '';
  return (first + last).toUpperCase() || '?';
}

export function Avatar({ name, src, size = 'md', className }: AvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | undefined>();
  const showImage = src !== undefined && src !== failedSrc;
  return (
    <AvatarRoot
      $size={size}
      className={className}
      role={showImage ? undefined : 'img'}
      aria-label={showImage ? undefined : name}
    >
      {showImage ? (
        <AvatarImage src={src} alt={name} onError={() => setFailedSrc(src)} />
      ) : (
        <span aria-hidden="true">{initials(name)}</span>
      )}
    </AvatarRoot>
  );
}
