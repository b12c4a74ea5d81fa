/** Italian texts of the sign-in and reserved-area screens (spec §2.7, §2.8, §2.13, §8 verbatim). */
export const RESERVED_COPY = {
  genericFailure:
    "Qualcosa è andato storto, riprova, se il problema persiste contatta l'assistenza.",
  resetEmailSent:
    'Email inviata correttamente, controlla la tua casella di posta elettronica per continuare',
  passwordChanged: 'Password aggiornata: accedi con la nuova password.',
  /** The password chosen and the member signed in with it. */
  passwordChosen: 'Password aggiornata: sei entrato nell’area riservata.',
  login: 'LOGIN',
  twoFactorNeedsScripts:
    'Il tuo account usa la verifica in due passaggi: per accedere attiva JavaScript nel browser.',
  accountMenu: (name: string, surname: string) => `${name} ${surname}`,
  reservedHome: 'La mia area riservata',
  backOffice: 'Amministrazione',
  recover: 'Recupera password',
  cancel: 'Annulla',
  request: 'RICHIEDI',
  changePasswordTitle: 'CAMBIO PASSWORD',
  changePasswordSubtitle: 'Area riservata a Soci e Affiliati',
  newPasswordPlaceholder: 'Inserisci una nuova password',
  confirmPasswordPlaceholder: 'Conferma password',
  welcome: 'Benvenuto',
  logout: 'Esci',
  menu: 'MENU AREA RISERVATA',
} as const;

/** Italian texts of the reserved area's archives (spec §2.9, §2.10 verbatim). */
export const ARCHIVE_COPY = {
  empty: 'Nessun elemento trovato',
  previous: 'PRECEDENTE',
  next: 'SUCCESSIVA',
  search: 'CERCA',
  reset: 'RESET',
  read: 'LEGGI',
  downloadPdf: 'SCARICA PDF',
  allSections: 'Tutte le tipologie',
} as const;
