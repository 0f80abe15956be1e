// Whether a message quoted in the docs is printed by the source: the literals of the TypeScript and
// Solidity sources, and a coverage test of a quoted message by them.

const escaped = (c: string) => (c === "n" ? "\n" : c === "t" ? "\t" : c);

/**
 * The constant text of every string literal in `source` (TypeScript or Solidity): quoted strings (so
 * Solidity's `string.concat` pieces), and a template literal's parts between its `${...}`
 * interpolations, nested templates included. Comments are skipped.
 */
export function literalParts(source: string): string[] {
  const parts: string[] = [];
  let i = 0;
  /** Reads a template literal starting after its backtick; returns the index after its closing one. */
  const template = (start: number): number => {
    let j = start;
    let text = "";
    while (j < source.length && source[j] !== "`") {
      if (source[j] === "\\") {
        text += escaped(source[j + 1] as string);
        j += 2;
      } else if (source.startsWith("${", j)) {
        parts.push(text);
        text = "";
        j = expression(j + 2);
      } else text += source[j++];
    }
    parts.push(text);
    return j + 1;
  };
  /** Skips an interpolation's expression (reading the literals inside it); returns the index after its `}`. */
  const expression = (start: number): number => {
    let j = start;
    let depth = 0;
    while (j < source.length) {
      const c = source[j] as string;
      if (c === "`") j = template(j + 1);
      else if (c === '"' || c === "'") j = quoted(j);
      else if (c === "{") depth++, j++;
      else if (c === "}" && depth-- === 0) return j + 1;
      else j++;
    }
    return j;
  };
  /** Reads a quoted string starting at its quote; returns the index after the closing one. */
  const quoted = (start: number): number => {
    const quote = source[start];
    let j = start + 1;
    let text = "";
    while (j < source.length && source[j] !== quote && source[j] !== "\n") {
      if (source[j] === "\\") {
        text += escaped(source[j + 1] as string);
        j += 2;
      } else text += source[j++];
    }
    parts.push(text);
    return j + 1;
  };
  while (i < source.length) {
    if (source.startsWith("//", i))
      i = source.indexOf("\n", i) === -1 ? source.length : source.indexOf("\n", i);
    else if (source.startsWith("/*", i))
      i = source.indexOf("*/", i) === -1 ? source.length : source.indexOf("*/", i) + 2;
    else if (source[i] === "`") i = template(i + 1);
    else if (source[i] === '"' || source[i] === "'") i = quoted(i);
    else i++;
  }
  return parts.flatMap((part) => part.split("\n")).filter((part) => part.length >= 6);
}

/**
 * Whether `message` is printed by the code whose literals are `parts`: the literals found in it cover
 * at least 60% of its characters (the rest are runtime values such as a version or a port) and one of
 * them is a sentence fragment of 10 characters or more.
 */
export function quotedFromSource(message: string, parts: readonly string[]): boolean {
  const covered = new Array<boolean>(message.length).fill(false);
  let longest = 0;
  for (const part of new Set(parts)) {
    let at = message.indexOf(part);
    if (at === -1) continue;
    longest = Math.max(longest, part.length);
    while (at !== -1) {
      covered.fill(true, at, at + part.length);
      at = message.indexOf(part, at + 1);
    }
  }
  return longest >= 10 && covered.filter(Boolean).length >= 0.6 * message.length;
}
