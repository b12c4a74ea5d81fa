import type { QuestionnaireForm } from '@sodalis/contracts';

/**
 * The Age.Na.S. form of perceived quality ("scheda di valutazione della qualità percepita"),
 * reference data (ADR 058): a national form, proposed to participants without changes (the
 * national accreditation manual, §9.12), so staff see it and never edit it. A new version of
 * the form is a new entry here with a new `version` (answers keep the version they were given
 * under); the report counts answers by question key, so unchanged questions keep their keys.
 *
 * The manual's §9.12 says what the form must ask (perception of commercial interests, with how
 * a sponsor or company conditioned the event; relevance to the participant's needs; educational
 * quality; usefulness). The exact wording and scales below are those of the form in use with
 * providers as this was written; the official text was not at hand (ADR 058): comparing it with
 * the form in the provider's area of the Age.Na.S. portal changes this file only.
 */
export const QUESTIONNAIRE_FORMS: readonly QuestionnaireForm[] = [
  {
    version: 'agenas-2018',
    title: 'Scheda di valutazione della qualità percepita dell’evento ECM',
    source:
      'Age.Na.S., Manuale nazionale di accreditamento per l’erogazione di eventi ECM, §9.12 (rilevazione della qualità percepita e della percezione di interessi commerciali)',
    questions: [
      {
        key: 'rilevanza',
        text: 'Come valuta la rilevanza degli argomenti trattati rispetto alla sua necessità di aggiornamento?',
        options: [
          { key: '1', label: 'Non rilevante' },
          { key: '2', label: 'Poco rilevante' },
          { key: '3', label: 'Abbastanza rilevante' },
          { key: '4', label: 'Rilevante' },
          { key: '5', label: 'Molto rilevante' },
        ],
      },
      {
        key: 'qualita',
        text: 'Come valuta la qualità educativa / di aggiornamento fornita da questo evento?',
        options: [
          { key: '1', label: 'Scarsa' },
          { key: '2', label: 'Mediocre' },
          { key: '3', label: 'Soddisfacente' },
          { key: '4', label: 'Buona' },
          { key: '5', label: 'Eccellente' },
        ],
      },
      {
        key: 'utilita',
        text: 'Come valuta l’utilità di questo evento per la sua formazione / aggiornamento?',
        options: [
          { key: '1', label: 'Insufficiente' },
          { key: '2', label: 'Parzialmente utile' },
          { key: '3', label: 'Abbastanza utile' },
          { key: '4', label: 'Utile' },
          { key: '5', label: 'Molto utile' },
        ],
      },
      {
        key: 'liberoDaInteressi',
        text: 'Ritiene che l’evento sia stato libero da influenze dello sponsor o di altri interessi commerciali in ambito sanitario?',
        options: [
          { key: 'si', label: 'Sì' },
          { key: 'no', label: 'No' },
        ],
        reason: {
          when: 'no',
          key: 'liberoDaInteressiMotivo',
          label:
            'Se no, indichi perché (in che modo lo sponsor o un’altra azienda hanno condizionato l’evento)',
        },
      },
    ],
  },
];

/** The form given to participants now. */
export const CURRENT_QUESTIONNAIRE: QuestionnaireForm = QUESTIONNAIRE_FORMS[
  QUESTIONNAIRE_FORMS.length - 1
] as QuestionnaireForm;
