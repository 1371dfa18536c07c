/** Text inside the prompt's XML blocks (sources, question) is escaped; the built-in model reads it back. */
export function unescapeXml(text: string): string {
  return text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&amp;/g, '&');
}
