import { NEWSLETTER_CONFIRM_LINK_DAYS } from '@sodalis/contracts';

/** Texts of the newsletter form and of its confirmation pages (spec §2.5, §8 verbatim). */
export const NEWSLETTER_COPY = {
  title: 'Iscriviti alla newsletter',
  intro: 'Ricevi le notizie della società, i bandi e gli appuntamenti di formazione.',
  emailLabel: 'Indirizzo e-mail',
  submit: 'ISCRIVITI',
  privacyLink: 'Leggi l’informativa privacy',
  success: 'Congratulazioni, ti sei iscritto con successo alla newsletter!',
  failure: "Errore durante l'iscrizione",
  checkInbox: `Ti abbiamo inviato un’e-mail: apri il link che contiene entro ${NEWSLETTER_CONFIRM_LINK_DAYS} giorni per confermare l’iscrizione.`,
} as const;

/** The pages of the two links of the newsletter e-mails, by the link's kind. */
export const LINK_PAGE_COPY = {
  confirm: {
    metaTitle: 'Conferma dell’iscrizione alla newsletter',
    description: 'Conferma l’iscrizione alla newsletter della società.',
    pendingTitle: 'Conferma l’iscrizione alla newsletter',
    pendingText:
      'Premi il pulsante per confermare che vuoi ricevere la newsletter a questo indirizzo e-mail.',
    button: 'Conferma l’iscrizione',
    doneTitle: 'Iscrizione confermata',
    doneText:
      'Grazie! Da ora riceverai la newsletter. Puoi annullare l’iscrizione in ogni momento con il link che trovi nell’e-mail di conferma.',
    invalidTitle: 'Link non valido',
    invalidText:
      'Il link è scaduto o non è più valido. Puoi iscriverti di nuovo con il modulo della home page: ti invieremo un nuovo link.',
    backHome: 'Torna alla home',
  },
  unsubscribe: {
    metaTitle: 'Annullamento dell’iscrizione alla newsletter',
    description: 'Annulla l’iscrizione alla newsletter della società.',
    pendingTitle: 'Annulla l’iscrizione alla newsletter',
    pendingText:
      'Premi il pulsante per non ricevere più la newsletter a questo indirizzo e-mail (o per annullare una richiesta di iscrizione che non hai fatto tu).',
    button: 'Annulla l’iscrizione',
    doneTitle: 'Iscrizione annullata',
    doneText:
      'Non riceverai più la newsletter a questo indirizzo. Se cambi idea puoi iscriverti di nuovo dal modulo della home page.',
    invalidTitle: 'Link non valido',
    invalidText: 'Il link non è valido. Controlla di averlo copiato per intero dall’e-mail.',
    backHome: 'Torna alla home',
  },
} as const;
