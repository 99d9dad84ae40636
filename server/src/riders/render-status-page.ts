import { wordsFor } from './rider-words.ts';
import type { RouteStatusCode } from './route-statuses.ts';
import type { AlertView, StatusView } from './status-view.ts';

/**
 * Each status is told in words and by a sign, never by colour alone (WCAG 2.1 1.4.1); every
 * colour pair below has a contrast of at least 4.5:1 (1.4.3), on a phone as on a desk.
 */
const SIGNS: Record<RouteStatusCode, string> = {
  good_service: '✓',
  delays: '!',
  part_suspended: '✕',
  planned_works_ahead: '◷',
};

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:1rem/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1a1a;background:#fff}
header,main,footer{max-width:48rem;margin:0 auto;padding:1rem}
header{border-bottom:1px solid #595959}
h1{font-size:1.6rem;margin:0 0 .25rem}
h2{font-size:1.3rem;margin:1.5rem 0 .5rem}
h3{font-size:1.15rem;margin:0}
h4{font-size:1rem;margin:.5rem 0 0}
a{color:#0b4f9c}
ul.plain{list-style:none;margin:0;padding:0}
nav ul{display:flex;flex-wrap:wrap;gap:.25rem 1rem}
.route{border:1px solid #595959;border-radius:.5rem;padding:.75rem;margin:0 0 .75rem}
.status{display:inline-block;margin:.25rem 0;padding:.1rem .5rem;border-radius:.25rem;font-weight:700;border:2px solid}
.good_service{color:#0a5c2a;background:#e8f5ec}
.delays{color:#7a3d00;background:#fff3e0}
.part_suspended{color:#9b1c1c;background:#fdecec}
.planned_works_ahead{color:#3b3b8f;background:#eeeefb}
.alert{border-left:4px solid #595959;padding:0 0 0 .75rem;margin:.5rem 0}
.when{font-weight:600}
form{display:grid;gap:.5rem}
label{font-weight:600}
input[type=email],select{font:inherit;padding:.5rem;border:1px solid #595959;border-radius:.25rem;max-width:100%}
fieldset{border:1px solid #595959;border-radius:.25rem}
button{font:inherit;padding:.5rem 1rem;justify-self:start;color:#fff;background:#0b4f9c;border:0;border-radius:.25rem}
p.small{font-size:.9rem}
`;

export type SubscribeForm = { action: string; csrfField?: { name: string; value: string } };

/**
 * GET /status as HTML: small, no script, readable on a phone, WCAG 2.1 AA (docs/contract-notes.md
 * "Riders' pages"): the page's language on <html>, landmarks, headings in order, text for every
 * status; the operator's texts marked with their own language where it differs.
 */
export function renderStatusPage(view: StatusView, subscribe?: SubscribeForm): string {
  const words = wordsFor(view.language);
  const page = view.language;
  // The page's own words are in English where the language has none of its own (rider-words.ts).
  const own = words.lang === page.toLowerCase().split('-')[0] ? '' : ` lang="${words.lang}"`;
  const say = words.say;
  const out: string[] = [];
  out.push(
    `<!doctype html><html lang="${esc(page)}"><head><meta charset="utf-8">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title${own}>${esc(say('title'))}</title><style>${STYLE}</style></head><body>`,
    `<header><h1${own}>${esc(say('title'))}</h1><p${own}>${esc(view.updatedText)}</p>`,
  );
  if (view.languages.length > 1) {
    out.push(`<nav aria-label="${esc(say('languages'))}"><ul class="plain">`);
    for (const l of view.languages) {
      const current = l.tag === page ? ' aria-current="page"' : '';
      out.push(
        `<li><a href="?lang=${encodeURIComponent(l.tag)}" lang="${esc(l.tag)}" hreflang="${esc(l.tag)}"${current}>${esc(l.name)}</a></li>`,
      );
    }
    out.push('</ul></nav>');
  }
  out.push('</header><main>');
  if (view.networkAlerts.length > 0) {
    out.push(`<section aria-labelledby="network"><h2 id="network"${own}>${esc(say('network'))}</h2>`);
    for (const alert of view.networkAlerts) out.push(renderAlert(alert, page, 'h3'));
    out.push('</section>');
  }
  out.push(`<section aria-labelledby="routes"><h2 id="routes"${own}>${esc(say('routes'))}</h2>`);
  if (view.routes.length === 0) out.push(`<p${own}>${esc(say('noRoutes'))}</p>`);
  else out.push('<ul class="plain">');
  for (const route of view.routes) {
    out.push(
      `<li class="route" id="route-${esc(route.routeId)}"><h3>${esc(route.name)}</h3>`,
      `<p class="status ${route.status}"${own}><span aria-hidden="true">${SIGNS[route.status]}</span> ${esc(route.statusText)}</p>`,
    );
    if (route.detail) out.push(`<p${own}>${esc(route.detail)}</p>`);
    for (const alert of route.alerts) out.push(renderAlert(alert, page, 'h4'));
    out.push('</li>');
  }
  if (view.routes.length > 0) out.push('</ul>');
  out.push('</section>');
  if (subscribe) {
    out.push(
      `<section aria-labelledby="subscribe"${own}><h2 id="subscribe">${esc(say('subscribe'))}</h2>`,
      `<form method="post" action="${esc(subscribe.action)}">`,
      subscribe.csrfField
        ? `<input type="hidden" name="${esc(subscribe.csrfField.name)}" value="${esc(subscribe.csrfField.value)}">`
        : '',
      `<label for="email">${esc(say('email'))}</label>`,
      '<input type="email" id="email" name="email" required autocomplete="email" maxlength="254">',
    );
    // The e-mails' language: the page's, or another of the operator's.
    if (view.languages.length > 1) {
      out.push(
        `<label for="mail-lang">${esc(say('mailLanguage'))}</label><select id="mail-lang" name="lang">`,
      );
      for (const l of view.languages) {
        const chosen = l.tag === page ? ' selected' : '';
        out.push(`<option value="${esc(l.tag)}" lang="${esc(l.tag)}"${chosen}>${esc(l.name)}</option>`);
      }
      out.push('</select>');
    } else out.push(`<input type="hidden" name="lang" value="${esc(page)}">`);
    if (view.routes.length > 0) {
      out.push(`<fieldset><legend>${esc(say('routesToFollow'))}</legend>`);
      for (const route of view.routes) {
        const id = `follow-${esc(route.routeId)}`;
        out.push(
          `<div><input type="checkbox" id="${id}" name="routes" value="${esc(route.routeId)}"> <label for="${id}">${esc(route.name)}</label></div>`,
        );
      }
      out.push('</fieldset>');
    }
    out.push(
      `<p class="small">${esc(say('subscribeHelp'))}</p><button type="submit">${esc(say('send'))}</button></form></section>`,
    );
  }
  const q = `?lang=${encodeURIComponent(page)}`;
  out.push(
    `</main><footer><ul class="plain"${own}><li><a href="/status.json${q}">${esc(say('data'))}</a></li>`,
    `<li><a href="/alerts.atom${q}">${esc(say('atom'))}</a></li></ul></footer></body></html>`,
  );
  return out.join('');
}

function renderAlert(alert: AlertView, page: string, heading: 'h3' | 'h4'): string {
  const words = wordsFor(page);
  const lang = alert.language.toLowerCase() === page.toLowerCase() ? '' : ` lang="${esc(alert.language)}"`;
  const parts = [`<div class="alert"${lang}>`];
  if (alert.header) parts.push(`<${heading}>${esc(alert.header)}</${heading}>`);
  // Inside a text of another language, the page's own words say theirs.
  const own = ` lang="${esc(words.locale)}"`;
  if (alert.when) parts.push(`<p class="when"${own}>${esc(alert.when)}</p>`);
  else if (alert.inEffect) parts.push(`<p class="when"${own}>${esc(words.say('now'))}</p>`);
  if (alert.description) parts.push(`<p>${esc(alert.description).replace(/\n/g, '<br>')}</p>`);
  if (alert.url && /^https?:\/\//i.test(alert.url))
    parts.push(`<p><a href="${esc(alert.url)}"${own}>${esc(words.say('more'))}</a></p>`);
  parts.push('</div>');
  return parts.join('');
}

export function esc(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
