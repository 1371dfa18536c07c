/**
 * A connector's URL template, "https://api.example.com/orders/{orderId}/cancel": placeholders
 * stand for whole or partial path segments and are filled from the tool's input, each value
 * URL-encoded as one segment. Scheme, host, port and query are fixed text; query parameters from
 * the input are added by name (`http.query`).
 */

export type UrlPart = { text: string } | { field: string };

export type UrlTemplate = {
  /** "https://api.example.com": where every request of the connector goes. */
  origin: string;
  parts: UrlPart[];
  /** The input fields the path names, in order. */
  fields: string[];
};

export type TemplateParse = { ok: true; template: UrlTemplate } | { ok: false; problems: string[] };

const FIELD_NAME = /^[A-Z_]\w*$/i;

/** Parses a template; problems name what is wrong, never a value that might be secret. */
export function parseUrlTemplate(template: string): TemplateParse {
  const problems: string[] = [];
  const parts: UrlPart[] = [];
  const fields: string[] = [];
  const schemeEnd = template.indexOf('://');
  const pathStart = schemeEnd < 0 ? -1 : template.indexOf('/', schemeEnd + 3);
  const queryStart = template.search(/[?#]/);
  if (template.includes('#')) problems.push('the URL may not have a fragment (#…)');

  let text = '';
  for (let i = 0; i < template.length; i++) {
    const char = template[i]!;
    if (char === '}') {
      problems.push('the URL has a "}" without "{"');
      break;
    }
    if (char !== '{') {
      text += char;
      continue;
    }
    const end = template.indexOf('}', i);
    const name = end < 0 ? '' : template.slice(i + 1, end);
    if (end < 0 || name.includes('{')) {
      problems.push('the URL has a "{" without "}"');
      break;
    }
    if (!FIELD_NAME.test(name)) problems.push(`the URL placeholder {${name}} is not a field name`);
    else if (pathStart < 0 || i < pathStart || (queryStart >= 0 && i > queryStart)) problems.push(`the URL placeholder {${name}} is outside the path (placeholders fill path segments only)`);
    if (text) parts.push({ text });
    text = '';
    parts.push({ field: name });
    fields.push(name);
    i = end;
  }
  if (text) parts.push({ text });

  // The fixed parts, with every placeholder as "x", must be an absolute http(s) URL.
  let url: URL | null = null;
  try {
    url = new URL(parts.map((p) => ('text' in p ? p.text : 'x')).join(''));
  } catch {
    problems.push('the URL is not an absolute URL');
  }
  if (url) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') problems.push(`the URL's scheme must be http or https, not ${url.protocol.replace(/:$/, '')}`);
    if (url.username || url.password) problems.push('the URL may not hold credentials (use a header with ${ENV:NAME})');
  }
  if (problems.length > 0 || !url) return { ok: false, problems };
  return { ok: true, template: { origin: url.origin, parts, fields } };
}

export type ExpandedUrl = { ok: true; url: URL } | { ok: false; field: string; problem: string };

/** A path or query value: a string, a finite number or a boolean. */
function scalar(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'boolean') return String(value);
  return null;
}

/**
 * The URL for one input: path placeholders filled (each value one encoded segment: never empty,
 * "." or "..", which URL parsing would drop or climb), then the query fields that have a value.
 */
export function expandUrl(template: UrlTemplate, input: Record<string, unknown>, queryFields: readonly string[] = []): ExpandedUrl {
  let href = '';
  for (const part of template.parts) {
    if ('text' in part) {
      href += part.text;
      continue;
    }
    const value = scalar(input[part.field]);
    if (value === null) return { ok: false, field: part.field, problem: 'not a string, number or boolean' };
    if (value === '' || value === '.' || value === '..') return { ok: false, field: part.field, problem: 'not usable as a path segment' };
    href += encodeURIComponent(value);
  }
  const url = new URL(href);
  for (const field of queryFields) {
    const raw = input[field];
    if (raw === undefined || raw === null) continue;
    const value = scalar(raw);
    if (value === null) return { ok: false, field, problem: 'not a string, number or boolean' };
    url.searchParams.append(field, value);
  }
  if (url.origin !== template.origin) return { ok: false, field: template.fields[0] ?? '', problem: 'changed the origin' };
  return { ok: true, url };
}
