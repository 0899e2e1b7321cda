/**
 * The server's CSP allows no inline style attributes, so the browser drops them from served markup. A frame is
 * never hydrated (the app renders afresh beneath it), so its few inline styles (MUI's `--Paper-shadow` and the
 * like) can become classes instead: each distinct attribute one class, its declarations `!important` as an
 * inline style's would win. Returns the markup without style attributes and the CSS of those classes.
 */
export function inlineStylesToClasses(html: string, classPrefix: string): { html: string; css: string } {
  const classes = new Map<string, string>();
  const classFor = (style: string) => {
    let name = classes.get(style);
    if (!name) {
      name = `${classPrefix}${classes.size}`;
      classes.set(style, name);
    }
    return name;
  };
  const out = html.replace(/<[a-zA-Z][^>]*>/g, (tag) => {
    const style = /\sstyle="([^"]*)"/.exec(tag);
    if (!style) return tag;
    const name = classFor(decodeAttribute(style[1]!));
    const withoutStyle = tag.replace(style[0], '');
    const withClass = withoutStyle.replace(/\sclass="([^"]*)"/, (_m, list: string) => ` class="${list} ${name}"`);
    return withClass === withoutStyle ? withoutStyle.replace(/^<[a-zA-Z][\w-]*/, (open) => `${open} class="${name}"`) : withClass;
  });
  const css = [...classes]
    .map(([style, name]) => {
      const declarations = style
        .split(';')
        .map((d) => d.trim())
        .filter((d) => d.includes(':'))
        .map((d) => `${d} !important`);
      return `.${name}{${declarations.join(';')}}`;
    })
    .join('');
  return { html: out, css };
}

/** React escapes &, ", ' , < and > in attribute values; CSS needs them back. */
function decodeAttribute(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}
