import { SPONSORSHIP_LIMITS } from '@sodalis/contracts';

/** Texts of /patrocini (spec §2.12, §5, §8: toasts verbatim). */
export const SPONSORSHIP_COPY = {
  pageTitle: 'Patrocini',
  description:
    'Come chiedere il patrocinio della società o la pubblicazione di un evento sul sito, e il modulo per inviare la richiesta con il programma in PDF.',
  tabRequest: 'Richiesta',
  tabForm: 'Modulo di richiesta',
  toForm: 'Compila il modulo di richiesta',
  introMissing: 'Le indicazioni per la richiesta di patrocinio non sono ancora disponibili.',
  formTitle: 'Modulo di richiesta',
  requiredNote: 'I campi contrassegnati con * sono obbligatori.',
  requesterLegend: 'Chi fa la richiesta',
  eventLegend: 'L’evento',
  attachmentsLegend: 'Allegati',
  choose: 'Seleziona…',
  privacyLabel:
    'Acconsento al trattamento dei dati personali per la gestione della richiesta, secondo l’informativa privacy.',
  privacyLink: 'Leggi l’informativa privacy',
  submit: 'INVIA RICHIESTA',
  submitHint: `Compila i campi obbligatori, accetta il trattamento dei dati e allega almeno un PDF (al massimo ${SPONSORSHIP_LIMITS.maxAttachments}) per inviare la richiesta.`,
  success: 'Richiesta inviata correttamente!',
  attachmentsLabel: `PDF del programma o della documentazione (solo PDF, al massimo ${SPONSORSHIP_LIMITS.maxAttachments}): attendi che i PDF siano caricati prima di inviare la richiesta.`,
  dropHint: 'Trascina qui i file PDF oppure sceglili dal computer.',
  loading: 'Caricamento dei PDF in corso…',
  loaded: 'caricato',
  loadingItem: 'in caricamento',
  remove: 'Rimuovi',
  listLabel: 'PDF allegati',
  notPdf: (name: string) => `«${name}» non è un PDF e non è stato aggiunto.`,
  tooLarge: (name: string, mb: number) => `«${name}» supera ${mb} MB e non è stato aggiunto.`,
  empty: (name: string) => `«${name}» è vuoto e non è stato aggiunto.`,
  unreadable: (name: string) => `Non è stato possibile leggere «${name}».`,
} as const;
