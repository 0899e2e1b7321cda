/**
 * A `matchMedia` for the build's prerender (Node has none), answering as a screen `widthPx` wide: width queries
 * (`min-width`, `max-width` in px, joined by `and`) are evaluated, anything else does not match. MUI's
 * useMediaQuery asks it through the theme (`ssrMatchMedia`).
 */
export function phoneMatchMedia(widthPx: number): (query: string) => { matches: boolean } {
  return (query) => {
    const parts = query.split(/\s+and\s+/i).map((part) => part.trim());
    const matches =
      parts.length > 0 &&
      parts.every((part) => {
        const width = /^\(\s*(min|max)-width\s*:\s*([\d.]+)px\s*\)$/i.exec(part);
        if (!width) return false;
        const limit = Number(width[2]);
        return width[1]!.toLowerCase() === 'min' ? widthPx >= limit : widthPx <= limit;
      });
    return { matches };
  };
}
