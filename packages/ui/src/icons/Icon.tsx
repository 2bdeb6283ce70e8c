import type { SVGProps } from 'react';

export type IconProps = Omit<SVGProps<SVGSVGElement>, 'children'> & {
  /** Size in em, so an icon follows the text it sits in. */
  size?: number;
};

/** Builds a decorative 24×24 stroke icon from SVG path data. */
export function createIcon(displayName: string, paths: readonly string[]) {
  function Icon({ size = 1, ...rest }: IconProps) {
    return (
      <svg
        width={`${size}em`}
        height={`${size}em`}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
        {...rest}
      >
        {paths.map((d) => (
          <path key={d} d={d} />
        ))}
      </svg>
    );
  }
  Icon.displayName = displayName;
  return Icon;
}
