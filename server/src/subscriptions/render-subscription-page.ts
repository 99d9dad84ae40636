import { mailWords } from './mail-texts.ts';

/**
 * The small page a rider's subscription request or mail link answers with: one sentence and a
 * way back to the status page; no script, readable on a phone, its language on <html>.
 */
export function renderSubscriptionPage(input: { lang: string; title: string; text: string }): string {
  const words = mailWords(input.lang);
  const q = `?lang=${encodeURIComponent(input.lang)}`;
  return [
    `<!doctype html><html lang="${esc(words.lang)}"><head><meta charset="utf-8">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${esc(input.title)}</title>`,
    '<style>body{margin:0;font:1rem/1.5 system-ui,sans-serif;color:#1a1a1a;background:#fff}main{max-width:40rem;margin:0 auto;padding:1rem}a{color:#0b4f9c}</style>',
    `</head><body><main><h1>${esc(input.title)}</h1><p role="status">${esc(input.text)}</p>`,
    `<p><a href="/status${q}">${esc(words.say('back'))}</a></p></main></body></html>`,
  ].join('');
}

function esc(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}
