/** The header turns solid once the page has scrolled more than this many pixels. */
export const HEADER_SOLID_SCROLL_THRESHOLD = 10;
