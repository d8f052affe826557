/**
 * The rendered statement as the features that show one see it (issue 31 item 4). The renderer
 * itself is the `statement` feature (Markdown, math, images, sanitised, loaded lazily); features
 * never import each other, so a route hands it to the compiler page and the challenge form as a
 * component of this shape.
 */
import type { ComponentType } from 'react';

/**
 * The bytes of the image the Markdown names `name` (`![a graph](graph.png)`), or undefined when
 * the challenge has no such image. Each place knows where its images come from: the compiler
 * page asks the server with its compiler token, the teacher's preview with the admin's token or
 * from files not uploaded yet.
 */
export type LoadStatementImage = (name: string, signal: AbortSignal) => Promise<Blob | undefined>;

export type StatementViewProps = {
  /** The challenge's description: Markdown with math between dollars. */
  markdown: string;
  /** Keep it stable (useMemo): a new one loads every image again. */
  loadImage?: LoadStatementImage;
};

export type StatementView = ComponentType<StatementViewProps>;
