/**
 * What a rendered statement may hold: GitHub's rules (hast-util-sanitize's default schema: no
 * script, no event handler, no `javascript:` or `data:` address, no form, no frame, no `style`
 * element), plus the markup KaTeX writes for math and nothing else of it.
 *
 * Why sanitise after KaTeX rather than before it and trust its output: KaTeX's output is HTML
 * made from the teacher's TeX (or an imported package's), and KaTeX has had escaping bugs
 * (CVE-2024-28243..28246 were its own). Checked last, a statement cannot hold anything dangerous
 * whatever a library before the check gets wrong. The price is this list: KaTeX needs inline
 * `style` (heights, offsets, colours) and MathML, so `style` is allowed only as declarations of
 * the properties KaTeX uses, with lengths and colours for values (no `url()`, no
 * `position: fixed` overlay, no `expression`), and MathML and SVG only with their geometric
 * attributes. The list was read off KaTeX 0.16's output for the constructs a statement uses
 * (markdown-pipeline.test.ts renders them and checks that nothing of them is dropped).
 */
import { defaultSchema, type Options as Schema } from 'rehype-sanitize';

const LENGTH = String.raw`-?(?:\d+(?:\.\d+)?|\.\d+)(?:em|ex|pt|px|mu|%)?`;
const COLOR = String.raw`(?:#[0-9a-fA-F]{3,8}|[a-zA-Z]+)`;
const LENGTH_PROPERTIES = [
  'height',
  'width',
  'min-width',
  'max-width',
  'vertical-align',
  'top',
  'bottom',
  'left',
  'right',
  'margin-left',
  'margin-right',
  'margin-top',
  'margin-bottom',
  'padding-left',
  'padding-right',
  'padding-top',
  'padding-bottom',
  'border-width',
  'border-top-width',
  'border-right-width',
  'border-bottom-width',
  'border-left-width',
].join('|');

const DECLARATION = [
  String.raw`(?:${LENGTH_PROPERTIES})\s*:\s*${LENGTH}`,
  String.raw`(?:color|background-color|border-color)\s*:\s*${COLOR}`,
  String.raw`(?:margin|padding)\s*:\s*${LENGTH}(?:\s+${LENGTH}){0,3}`,
  String.raw`border(?:-top|-right|-bottom|-left)?-style\s*:\s*(?:solid|dashed|dotted)`,
  String.raw`position\s*:\s*relative`,
  String.raw`border\s*:\s*${LENGTH}\s+(?:solid|dashed|dotted)\s+${COLOR}`,
].join('|');

/** A whole `style` attribute made only of allowed declarations. */
export const KATEX_STYLE = new RegExp(String.raw`^\s*(?:(?:${DECLARATION})\s*(?:;\s*|$))*$`, 'u');
const length = new RegExp(`^${LENGTH}$`, 'u');
const signedLength = new RegExp(String.raw`^[+-]?${LENGTH}(?:width|height|depth)?$`, 'u');
const color = new RegExp(`^${COLOR}$`, 'u');
const word = /^[a-zA-Z-]+(?: [a-zA-Z-]+)*$/u;

const MATHML = [
  'math',
  'semantics',
  'annotation',
  'mrow',
  'mi',
  'mn',
  'mo',
  'ms',
  'mtext',
  'mspace',
  'msup',
  'msub',
  'msubsup',
  'mfrac',
  'msqrt',
  'mroot',
  'mover',
  'munder',
  'munderover',
  'mtable',
  'mtr',
  'mtd',
  'mstyle',
  'mpadded',
  'mphantom',
  'menclose',
  'mglyph',
  'merror',
];

const defaults = defaultSchema.attributes ?? {};
type Definitions = NonNullable<Schema['attributes']>[string];

/** KaTeX's class names (`mord`, `vlist-t2`, `mtr-glue`): words only. */
const katexClass: Definitions[number] = ['className', /^[a-zA-Z][\w-]*$/u];

/** The attributes of MathML elements besides KaTeX's classes, which every one may carry. */
const mathmlAttributes: Record<string, Definitions> = {
  math: [
    ['xmlns', 'http://www.w3.org/1998/Math/MathML'],
    ['display', 'block', 'inline'],
  ],
  annotation: [['encoding', 'application/x-tex']],
  mi: [['mathvariant', word]],
  mn: [['mathvariant', word]],
  mtext: [['mathvariant', word]],
  mo: [
    ['mathvariant', word],
    ['fence', 'true', 'false'],
    ['stretchy', 'true', 'false'],
    ['separator', 'true', 'false'],
    ['symmetric', 'true', 'false'],
    ['largeop', 'true', 'false'],
    ['movablelimits', 'true', 'false'],
    ['minsize', length],
    ['maxsize', length],
    ['lspace', length],
    ['rspace', length],
  ],
  mover: [['accent', 'true', 'false']],
  munder: [['accentunder', 'true', 'false']],
  munderover: [
    ['accent', 'true', 'false'],
    ['accentunder', 'true', 'false'],
  ],
  mfrac: [['linethickness', length]],
  mspace: [
    ['width', length],
    ['height', length],
    ['depth', length],
    ['mathbackground', color],
  ],
  mpadded: [
    ['width', signedLength],
    ['height', signedLength],
    ['depth', signedLength],
    ['lspace', signedLength],
    ['voffset', signedLength],
    ['mathbackground', color],
    ['style', KATEX_STYLE],
  ],
  mstyle: [
    ['scriptlevel', /^[0-2]$/u],
    ['displaystyle', 'true', 'false'],
    ['mathcolor', color],
    ['mathbackground', color],
    ['mathsize', length],
  ],
  mtable: [
    ['rowspacing', /^[\d.a-z% ]+$/u],
    ['columnspacing', /^[\d.a-z% ]+$/u],
    ['columnalign', word],
    ['rowlines', word],
    ['columnlines', word],
    ['width', length],
  ],
  mtd: [
    ['width', length],
    ['columnalign', word],
  ],
  menclose: [
    ['notation', word],
    ['mathbackground', color],
    ['style', KATEX_STYLE],
  ],
};

export const statementSchema: Schema = {
  ...defaultSchema,
  tagNames: [...(defaultSchema.tagNames ?? []), ...MATHML, 'svg', 'path', 'line'],
  attributes: {
    ...defaults,
    span: [...(defaults.span ?? []), katexClass, ['style', KATEX_STYLE], ['ariaHidden', 'true']],
    ...Object.fromEntries(
      MATHML.map((tag) => [tag, [katexClass, ...(mathmlAttributes[tag] ?? [])]]),
    ),
    svg: [
      ['xmlns', 'http://www.w3.org/2000/svg'],
      ['width', length],
      ['height', length],
      ['viewBox', /^[\d. -]+$/u],
      ['preserveAspectRatio', /^[a-zA-Z ]+$/u],
      ['style', KATEX_STYLE],
    ],
    // KaTeX's own glyph outlines: numbers and path commands, nothing that can name an address.
    path: [['d', /^[0-9A-Za-z\s,.-]+$/u]],
    line: [
      ['x1', length],
      ['y1', length],
      ['x2', length],
      ['y2', length],
      ['strokeWidth', length],
    ],
  },
};

/**
 * Every id and name the sanitiser lets through starts with this (so none can shadow the page's
 * own ids); links to a footnote are given it too (markdown-pipeline.ts).
 */
export const CLOBBER_PREFIX = defaultSchema.clobberPrefix ?? 'user-content-';
