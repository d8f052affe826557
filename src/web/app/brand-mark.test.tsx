import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { BrandMark } from './brand-mark.tsx';
// The file itself, as the browser gets it for the tab icon (only a test reads it as text).
import favicon from '../../../public/favicon.svg?raw';

/** The shapes of an SVG drawing: each element's name and drawing attributes, in order. */
function shapes(markup: string): string[] {
  const svg = new DOMParser().parseFromString(markup, 'image/svg+xml').documentElement;
  return [...svg.children].map((shape) =>
    [
      shape.tagName,
      ...['d', 'width', 'height', 'rx', 'fill', 'stroke', 'stroke-width', 'stroke-linecap'].map(
        (name) => `${name}=${shape.getAttribute(name) ?? ''}`,
      ),
    ].join(' '),
  );
}

describe('BrandMark', () => {
  it("draws public/favicon.svg, the tab and install icon's drawing", () => {
    const mark = renderToStaticMarkup(<BrandMark />);
    expect(shapes(mark)).toEqual(shapes(favicon));
    expect(shapes(mark)).toHaveLength(3);
    // Decorative: the link around it says where it goes.
    expect(mark).toContain('aria-hidden="true"');
  });
});
