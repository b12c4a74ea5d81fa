import { ADMIN_MESSAGES, EXTERNAL_LINK_KIND_NAMES, EXTERNAL_LINK_KINDS } from '@sodalis/contracts';
import {
  ArrayInput,
  maxLength,
  required,
  SelectInput,
  SimpleFormIterator,
  TextInput,
} from 'react-admin';
import { httpsAddress, siteLink } from '../../admin/form-rules';

/**
 * The fields of the home's hero, the /chi-siamo cards and the links to other sites (ADR 035),
 * with the server's limits and link rules said before saving.
 */

const PLACEHOLDER_HELP = 'Scrivi {acronimo} o {nome} per la sigla o il nome della società.';
const LINK_HELP =
  'Un indirizzo del sito che inizia con / (per esempio /chi-siamo) o un indirizzo https:// di un altro sito, che si apre in una nuova scheda.';

const text = (source: string, label: string, max: number, helperText?: string) => (
  <TextInput
    source={source}
    label={label}
    validate={[required(), maxLength(max, ADMIN_MESSAGES.tooLong)]}
    fullWidth
    {...(helperText ? { helperText } : {})}
  />
);

const link = (source: string, label: string) => (
  <TextInput
    source={source}
    label={label}
    validate={[required(), siteLink]}
    helperText={LINK_HELP}
    fullWidth
  />
);

export function HomeHeroFields() {
  return (
    <>
      {text('titolo', 'Titolo', 80, PLACEHOLDER_HELP)}
      {text('sottotitolo', 'Sottotitolo', 160, PLACEHOLDER_HELP)}
      <TextInput
        source="testo"
        label="Testo"
        validate={[required(), maxLength(400, ADMIN_MESSAGES.tooLong)]}
        multiline
        minRows={2}
        fullWidth
      />
      {text('pulsante', 'Testo del pulsante', 40)}
      {link('link', 'Collegamento del pulsante')}
    </>
  );
}

export function AboutCardsFields() {
  return (
    <ArrayInput source="schede" label="Schede, nell’ordine della pagina" validate={required()}>
      <SimpleFormIterator disableClear>
        {text('titolo', 'Titolo della scheda', 80, PLACEHOLDER_HELP)}
        {text('testo', 'Testo', 300)}
        {link('link', 'Collegamento')}
      </SimpleFormIterator>
    </ArrayInput>
  );
}

const KIND_CHOICES = EXTERNAL_LINK_KINDS.map((kind) => ({
  id: kind,
  name: EXTERNAL_LINK_KIND_NAMES[kind],
}));

/** One link per kind: the kinds are where the site shows them, so the list is fixed. */
export function ExternalLinksFields() {
  return (
    <ArrayInput source="collegamenti" label="Collegamenti ad altri siti">
      <SimpleFormIterator disableAdd disableRemove disableReordering disableClear>
        <SelectInput source="tipo" label="Dove compare" choices={KIND_CHOICES} readOnly />
        {text('etichetta', 'Testo del collegamento', 80)}
        <TextInput
          source="url"
          label="Indirizzo (https://)"
          validate={[required(), httpsAddress]}
          fullWidth
        />
      </SimpleFormIterator>
    </ArrayInput>
  );
}
