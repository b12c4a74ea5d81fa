import type { UnsubscribeLinkState } from './service.js';

/**
 * The unsubscribe link's page (ADR 061): plain server-made HTML, no script and no session, so
 * it works from any mailbox and any browser. The GET shows the question and a form whose
 * button posts to the same address; the POST (the button's, or a mailbox provider's one-click
 * POST of RFC 8058) answers the same page with the outcome.
 */

const escapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => escapes[character] ?? character);
}

export interface UnsubscribePageContext {
  societyName: string;
  siteUrl: string;
}

/** The page for a link's state; `asked` is the GET's question, else the POST's outcome. */
export function unsubscribePage(
  state: UnsubscribeLinkState | { kind: 'throttled' },
  context: UnsubscribePageContext,
  moment: 'ask' | 'done',
): { title: string; html: string } {
  const society = escapeHtml(context.societyName);
  const home = `<p><a href="${escapeHtml(context.siteUrl)}">Torna al sito di ${society}</a></p>`;
  switch (state.kind) {
    case 'invalid':
      return page('Link non valido', [
        '<p>Il link di disiscrizione non è valido: potrebbe essere stato copiato solo in parte o modificato.</p>',
        '<p>Puoi scegliere quali comunicazioni ricevere dal tuo profilo, nell’area riservata, oppure scrivere alla segreteria.</p>',
        home,
      ]);
    case 'throttled':
      return page('Troppi tentativi', [
        '<p>Da questa rete sono arrivati troppi link non validi. Riprova tra un’ora.</p>',
        home,
      ]);
    case 'institutional': {
      const name = escapeHtml(state.category.name);
      return page(`Le ${name} non si possono disattivare`, [
        `<p>Le ${name} (${escapeHtml(state.category.description.replace(/\.$/, '').toLowerCase())}) arrivano a tutti i soci perché sono necessarie al rapporto associativo regolato dallo statuto.</p>`,
        `<p>${escapeHtml(state.category.legalBasisText)}</p>`,
        `<p>Per non riceverle più occorre recedere da ${society}, comunicandolo alla segreteria. Le altre comunicazioni si possono disattivare dal tuo profilo nell’area riservata.</p>`,
        home,
      ]);
    }
    case 'left': {
      const name = escapeHtml(state.category.name);
      return page(moment === 'done' ? 'Disiscrizione completata' : 'Sei già disiscritto', [
        `<p role="status">Non riceverai più messaggi della categoria «${name}».</p>`,
        '<p>Le comunicazioni necessarie (ricevute, password, iscrizioni agli eventi) continueranno ad arrivare. Puoi cambiare idea dal tuo profilo nell’area riservata.</p>',
        home,
      ]);
    }
    case 'subscribed': {
      const name = escapeHtml(state.category.name);
      return page(`Vuoi non ricevere più «${name}»?`, [
        `<p>${escapeHtml(state.category.description)}</p>`,
        '<form method="post">',
        '<input type="hidden" name="List-Unsubscribe" value="One-Click">',
        `<button type="submit">Non voglio più ricevere «${name}»</button>`,
        '</form>',
        '<p>Le comunicazioni necessarie (ricevute, password, iscrizioni agli eventi) continueranno ad arrivare comunque.</p>',
        home,
      ]);
    }
  }

  function page(title: string, body: string[]): { title: string; html: string } {
    const html = [
      '<!doctype html>',
      '<html lang="it">',
      '<head>',
      '<meta charset="utf-8">',
      '<meta name="viewport" content="width=device-width, initial-scale=1">',
      '<meta name="robots" content="noindex">',
      `<title>${title} · ${society}</title>`,
      '</head>',
      '<body>',
      '<main>',
      `<h1>${title}</h1>`,
      ...body,
      '</main>',
      '</body>',
      '</html>',
    ].join('\n');
    return { title, html };
  }
}
