/**
 * A submission as the similarity report sees it (issue 17): its tokens from a real parser (the
 * Lezer grammars the editor highlights with), comments and whitespace gone, every identifier one
 * token and every literal another, so renaming variables, editing comments or reformatting
 * changes nothing. Keywords, types and operators stay as written: they carry the structure.
 * A string that is a statement on its own (a Python docstring, JavaScript's `'use strict'`) only
 * documents, like a comment, and goes with the comments (issue 37): otherwise adding, editing
 * away or moving a docstring would shift the tokens around it and lower a copy's score. JavaDoc
 * and Doxygen `/** *\/` blocks are comments to every grammar already.
 */
import type { SyntaxNode, Tree } from '@lezer/common';
import { parser as cppParser } from '@lezer/cpp';
import { parser as javaParser } from '@lezer/java';
import { parser as javascriptParser } from '@lezer/javascript';
import { parser as pythonParser } from '@lezer/python';

export type SimilarityLanguage = 'python' | 'java' | 'cpp' | 'c' | 'javascript';

/** One token: its normalised text, and where it sits in the source (for the side-by-side view). */
export type Token = { text: string; from: number; to: number };

const parsers: Record<SimilarityLanguage, { parse(source: string): Tree }> = {
  python: pythonParser,
  java: javaParser,
  cpp: cppParser,
  c: cppParser,
  javascript: javascriptParser,
};

// JavaScript's `#!/usr/bin/env node` line is a comment too.
const COMMENT = /Comment|^Hashbang$/u;
// Node names of the four grammars: VariableName, PropertyName, PrivatePropertyName, Identifier,
// FieldIdentifier, TypeIdentifier, NamespaceIdentifier, Definition, TypeName, and JavaScript's
// VariableDefinition, PropertyDefinition, PrivatePropertyDefinition (the name where it is
// declared)...
const IDENTIFIER = /(?:Name|Identifier)$|^(?:Variable|Property|PrivateProperty)?Definition$/u;
// TemplateString is one literal, its ${...} parts included, as Python's f-strings are.
const LITERAL =
  /String|Number|Literal|^(?:Char|Boolean|TextBlock|True|False|None|true|false|null|nullptr|RegExp)$/u;
// Operators are one node name for several symbols (ArithOp: + - * /): the symbol is kept.
const OPERATOR = /Op$/u;
// Punctuation that only follows a layout choice: braces around a one-statement body, the
// semicolons and commas that go with them. Dropping it makes `if (x) y;` and `if (x) { y; }` the
// same tokens.
const LAYOUT = new Set(['{', '}', ';', ',']);
// A string literal the grammars can hold alone in an ExpressionStatement: Python's adjacent
// strings are one ContinuedString, C++'s one ConcatenatedString. Not an f-string or a template
// with `${...}`: those run code.
const DOC_STRING = /^(?:String|ContinuedString|ConcatenatedString|RawString)$/u;

/** `"text"` or `"text";` as a whole statement: documentation, not code. */
function isDocString(statement: SyntaxNode): boolean {
  const first = statement.firstChild;
  if (!first || !DOC_STRING.test(first.name)) return false;
  const after = first.nextSibling;
  return after === null || (after.name === ';' && after.nextSibling === null);
}

export function tokenize(language: SimilarityLanguage, source: string): Token[] {
  const tokens: Token[] = [];
  parsers[language].parse(source).iterate({
    enter(node) {
      const name = node.name;
      if (COMMENT.test(name)) return false;
      if (name === 'ExpressionStatement' && isDocString(node.node)) return false;
      if (LITERAL.test(name)) {
        tokens.push({ text: 'L', from: node.from, to: node.to });
        return false;
      }
      if (node.node.firstChild) return true;
      if (name === '⚠' || LAYOUT.has(name)) return false;
      const text = IDENTIFIER.test(name)
        ? 'V'
        : OPERATOR.test(name)
          ? `${name}${source.slice(node.from, node.to)}`
          : name;
      tokens.push({ text, from: node.from, to: node.to });
      return false;
    },
  });
  return tokens;
}
