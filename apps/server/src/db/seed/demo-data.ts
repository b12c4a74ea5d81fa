import type { SetupElementKey } from '@sodalis/contracts';
import type { Audience } from '../schema.js';

/*
 * The static Italian texts of the demo data set (demo-content.ts turns them into rows).
 * People, events, competitions and documents are fictional. Placeholders filled at load time:
 * {societa} the society's acronym (configuration), {anno} the year of the item's date.
 */

/** The news categories; 'SOCIETA' stands for the category named after the society's acronym. */
export type NewsCategory = 'Concorsi' | 'Formazione' | 'Emovigilanza' | 'SOCIETA' | 'News';

/** In display order (the order of the category checkboxes of spec §2.6). */
export const NEWS_CATEGORIES: readonly NewsCategory[] = [
  'Concorsi',
  'Formazione',
  'Emovigilanza',
  'SOCIETA',
  'News',
];

export interface DemoSource {
  name: string;
  url: string;
}

/** A PDF to generate: its file name and its paragraphs. */
export interface DemoDocument {
  fileName: string;
  lines: readonly string[];
}

export interface NewsTemplate {
  title: string;
  /** The first one is the displayed category. */
  categories: readonly [NewsCategory, ...NewsCategory[]];
  /** Short safe HTML. */
  subtitle: string;
  source?: DemoSource;
  document?: DemoDocument;
}

const MINISTERO: DemoSource = {
  name: 'Ministero della Salute',
  url: 'https://www.salute.gov.it/',
};
const GAZZETTA: DemoSource = {
  name: 'Gazzetta Ufficiale',
  url: 'https://www.gazzettaufficiale.it/',
};
const CNS: DemoSource = {
  name: 'Centro Nazionale Sangue',
  url: 'https://www.centronazionalesangue.it/',
};
const ISS: DemoSource = { name: 'Istituto Superiore di Sanità', url: 'https://www.iss.it/' };

/**
 * The visible news, oldest first: demo-content.ts spreads them over the years from 2019 to
 * today in this order, so the list reads as a plausible history.
 */
export const NEWS: readonly NewsTemplate[] = [
  {
    title: 'Bando di concorso per dirigente medico di Medicina Trasfusionale',
    categories: ['Concorsi'],
    subtitle:
      '<p>Pubblicato il bando per <strong>due posti</strong> a tempo indeterminato presso un Servizio di Immunoematologia e Medicina Trasfusionale del Nord Italia. Le domande vanno presentate entro trenta giorni dalla pubblicazione.</p>',
    source: GAZZETTA,
    document: {
      fileName: 'Bando dirigente medico Medicina Trasfusionale.pdf',
      lines: [
        'Concorso pubblico, per titoli ed esami, per la copertura di n. 2 posti di Dirigente Medico - disciplina Medicina Trasfusionale.',
        'Requisiti: laurea in Medicina e Chirurgia, specializzazione nella disciplina o in disciplina equipollente, iscrizione all’albo dell’Ordine dei Medici.',
        'Prove d’esame: prova scritta, prova pratica e prova orale sulle materie della disciplina, con particolare riguardo all’immunoematologia e alla sicurezza trasfusionale.',
        'Le domande di partecipazione devono essere presentate esclusivamente in via telematica entro il trentesimo giorno successivo alla pubblicazione dell’estratto in Gazzetta Ufficiale.',
      ],
    },
  },
  {
    title: 'Corso ECM di immunoematologia eritrocitaria: iscrizioni aperte',
    categories: ['Formazione'],
    subtitle:
      '<p>Tre giornate di lezioni e casi pratici su <strong>tipizzazione, ricerca e identificazione anticorpale</strong> e prove di compatibilità. Il corso assegna crediti ECM a medici, biologi e tecnici di laboratorio.</p>',
    document: {
      fileName: 'Programma corso immunoematologia eritrocitaria.pdf',
      lines: [
        'Prima giornata: il sistema ABO e il sistema Rh; tecniche di tipizzazione in provetta, su gel e in micropiastra.',
        'Seconda giornata: ricerca e identificazione degli anticorpi irregolari; pannelli cellulari; anticorpi multipli e autoanticorpi.',
        'Terza giornata: prove di compatibilità, casi clinici complessi, discussione e verifica dell’apprendimento.',
        'Destinatari: medici, biologi, tecnici sanitari di laboratorio biomedico. Crediti ECM richiesti: 21.',
      ],
    },
  },
  {
    title: 'Sorveglianza delle malattie trasmissibili con la trasfusione: aggiornamento',
    categories: ['Emovigilanza'],
    subtitle:
      '<p>Pubblicato l’aggiornamento sui dati di sorveglianza delle infezioni trasmissibili nei donatori di sangue: prevalenza e incidenza restano <strong>stabilmente basse</strong>.</p>',
    source: ISS,
  },
  {
    title: 'Congresso nazionale {societa} {anno}: il programma scientifico',
    categories: ['SOCIETA'],
    subtitle:
      '<p>Quattro giornate dedicate a sicurezza trasfusionale, terapie cellulari e Patient Blood Management. In programma:</p><ul><li>sessioni plenarie e letture magistrali</li><li>corsi precongressuali per tecnici e infermieri</li><li>comunicazioni orali e poster</li></ul>',
    document: {
      fileName: 'Programma congresso nazionale {anno}.pdf',
      lines: [
        'Congresso nazionale {societa} {anno} - programma preliminare.',
        'Giorno 1: corsi precongressuali di immunoematologia, aferesi e gestione della qualità.',
        'Giorno 2: sessione plenaria sull’autosufficienza di sangue e plasma; simposi paralleli.',
        'Giorno 3: terapie cellulari e medicina rigenerativa; sessione infermieristica.',
        'Giorno 4: Patient Blood Management, comunicazioni orali premiate, chiusura dei lavori.',
      ],
    },
  },
  {
    title: 'Giornata mondiale del donatore di sangue: le iniziative in Italia',
    categories: ['News'],
    subtitle:
      '<p>Il 14 giugno si celebra la giornata dedicata a chi dona. Servizi trasfusionali e associazioni organizzano <strong>porte aperte</strong>, incontri nelle scuole e raccolte straordinarie.</p>',
    source: MINISTERO,
  },
  {
    title: 'Avviso pubblico per incarichi a tempo determinato in Immunoematologia',
    categories: ['Concorsi'],
    subtitle:
      '<p>Un’azienda ospedaliera del Centro Italia cerca dirigenti medici per incarichi di dodici mesi presso il laboratorio di immunoematologia. Selezione per titoli e colloquio.</p>',
  },
  {
    title: 'Corso residenziale sulla qualificazione biologica degli emocomponenti',
    categories: ['Formazione'],
    subtitle:
      '<p>Un corso di due giorni sui test sierologici e molecolari obbligatori, sulla gestione dei risultati discordanti e sulla <strong>convalida delle unità</strong>.</p>',
  },
  {
    title: 'West Nile Virus: misure di prevenzione per la stagione estiva',
    categories: ['Emovigilanza'],
    subtitle:
      '<p>Con l’inizio della stagione di circolazione del virus tornano le misure di prevenzione per i donatori che hanno soggiornato nelle aree interessate: test NAT o sospensione temporanea di 28 giorni.</p>',
    source: MINISTERO,
  },
  {
    title: "Plasma iperimmune: cosa ci ha insegnato l'esperienza della pandemia",
    categories: ['News', 'Emovigilanza'],
    subtitle:
      '<p>Una riflessione sull’organizzazione della raccolta di plasma da convalescenti: <strong>tempi rapidi</strong>, tracciabilità e collaborazione tra servizi trasfusionali e reparti clinici.</p>',
  },
  {
    title: 'Il Consiglio Direttivo incontra le associazioni dei donatori',
    categories: ['SOCIETA'],
    subtitle:
      '<p>Un incontro per condividere obiettivi comuni su chiamata programmata dei donatori, raccolta di plasma e formazione del personale delle unità di raccolta.</p>',
  },
  {
    title: 'Borse di studio {societa} per giovani specialisti under 35',
    categories: ['Concorsi', 'SOCIETA'],
    subtitle:
      '<p>Sei borse di studio per progetti di ricerca in medicina trasfusionale riservate ai Soci con meno di 35 anni. Il regolamento è disponibile in allegato.</p>',
    document: {
      fileName: 'Regolamento borse di studio {anno}.pdf',
      lines: [
        'Art. 1 - La Società bandisce sei borse di studio annuali per progetti di ricerca in medicina trasfusionale e immunoematologia.',
        'Art. 2 - Possono partecipare i Soci in regola con la quota associativa che non abbiano compiuto 35 anni alla data di scadenza del bando.',
        'Art. 3 - La domanda comprende il progetto di ricerca (massimo cinque pagine), il curriculum vitae e la lettera di presentazione del responsabile della struttura.',
        'Art. 4 - Una commissione nominata dal Consiglio Direttivo valuta i progetti e pubblica la graduatoria sul sito della Società.',
      ],
    },
  },
  {
    title: 'Webinar: gestione del paziente con anticorpi irregolari',
    categories: ['Formazione'],
    subtitle:
      '<p>Un’ora di approfondimento online, con casi clinici, sulla scelta delle unità compatibili per i pazienti alloimmunizzati. Partecipazione gratuita per i Soci.</p>',
  },
  {
    title: 'Rapporto nazionale di emovigilanza {anno}: i dati principali',
    categories: ['Emovigilanza'],
    subtitle:
      '<p>Il rapporto annuale raccoglie le notifiche di reazioni indesiderate, incidenti gravi e quasi-incidenti. Le reazioni gravi restano <strong>rare</strong> e in calo rispetto all’anno precedente.</p>',
    source: CNS,
  },
  {
    title: 'Autosufficienza nazionale di sangue e plasma: il programma annuale',
    categories: ['News'],
    subtitle:
      '<p>Pubblicato il programma che fissa gli obiettivi di raccolta di sangue e plasma regione per regione e le compensazioni interregionali.</p>',
    source: GAZZETTA,
  },
  {
    title: 'Quote associative {anno}: modalità di pagamento online',
    categories: ['SOCIETA'],
    subtitle:
      '<p>Da quest’anno Soci e Affiliati possono rinnovare la quota direttamente dall’area riservata del sito, con carta o portafoglio elettronico.</p>',
  },
  {
    title: 'Concorso per tecnici sanitari di laboratorio biomedico nei centri trasfusionali',
    categories: ['Concorsi'],
    subtitle:
      '<p>Bandito un concorso unificato per <strong>otto posti</strong> di tecnico sanitario di laboratorio biomedico da assegnare ai servizi trasfusionali di un’area vasta.</p>',
    source: GAZZETTA,
  },
  {
    title: 'Formazione a distanza: il nuovo percorso sulla tracciabilità trasfusionale',
    categories: ['Formazione'],
    subtitle:
      '<p>Un corso FAD in sei moduli, dalla richiesta di emocomponenti alla registrazione dell’avvenuta trasfusione, pensato per infermieri e medici di reparto.</p>',
  },
  {
    title: 'Reazioni trasfusionali gravi: come notificarle nel sistema informativo',
    categories: ['Emovigilanza'],
    subtitle:
      '<p>Una guida operativa, passo per passo, per la notifica delle reazioni indesiderate gravi e degli incidenti nel sistema informativo dei servizi trasfusionali.</p>',
    document: {
      fileName: 'Guida alla notifica delle reazioni trasfusionali.pdf',
      lines: [
        '1. Riconoscere la reazione: sospendere la trasfusione, mantenere l’accesso venoso, avvisare il medico.',
        '2. Raccogliere i campioni del paziente e restituire l’unità al servizio trasfusionale con il set di infusione.',
        '3. Compilare la scheda di notifica entro le 24 ore indicando gravità e imputabilità.',
        '4. Il servizio trasfusionale completa l’indagine e registra l’esito nel sistema informativo nazionale.',
      ],
    },
  },
  {
    title: 'Carenza estiva di sangue: appello alla donazione prima delle ferie',
    categories: ['News'],
    subtitle:
      '<p>Come ogni estate calano le donazioni mentre la richiesta resta alta. L’invito è a <strong>prenotare una donazione</strong> prima di partire per le vacanze.</p>',
  },
  {
    title: "Rinnovo delle cariche sociali: convocata l'assemblea elettiva",
    categories: ['SOCIETA'],
    subtitle:
      '<p>I Soci sono convocati per eleggere il nuovo Consiglio Direttivo. La convocazione con l’ordine del giorno e le modalità di voto è in allegato.</p>',
    document: {
      fileName: 'Convocazione assemblea elettiva {anno}.pdf',
      lines: [
        'I Soci sono convocati in assemblea elettiva in prima convocazione alle ore 8.00 e in seconda convocazione alle ore 14.30.',
        'Ordine del giorno: relazione del Presidente uscente; relazione del Tesoriere; elezione del Presidente e del Consiglio Direttivo; varie ed eventuali.',
        'Hanno diritto di voto i Soci in regola con la quota associativa. Ogni Socio può ricevere al massimo due deleghe.',
      ],
    },
  },
  {
    title: 'Premio {societa} per la migliore tesi di specializzazione in medicina trasfusionale',
    categories: ['Concorsi', 'SOCIETA'],
    subtitle:
      '<p>Il premio è riservato agli specializzandi che discutono una tesi in medicina trasfusionale o immunoematologia nell’anno accademico in corso.</p>',
    document: {
      fileName: 'Bando premio tesi {anno}.pdf',
      lines: [
        'Il premio, di 1.500 euro, è assegnato alla migliore tesi di specializzazione su un tema di medicina trasfusionale.',
        'La domanda, con copia della tesi e un riassunto di due pagine, va inviata alla Segreteria della Società entro il 30 novembre.',
        'La commissione giudicatrice è composta da tre membri del Consiglio Direttivo.',
      ],
    },
  },
  {
    title: 'Corso pratico di tipizzazione HLA per tecnici di laboratorio',
    categories: ['Formazione'],
    subtitle:
      '<p>Esercitazioni in piccoli gruppi sulle tecniche molecolari di tipizzazione HLA a bassa e alta risoluzione e sulla lettura dei risultati.</p>',
  },
  {
    title: 'Errori ABO al letto del paziente: le raccomandazioni per prevenirli',
    categories: ['Emovigilanza'],
    subtitle:
      '<p>La maggior parte degli errori nasce da una <strong>identificazione mancata</strong> del paziente. Braccialetti, doppio controllo e sistemi barcode riducono il rischio.</p>',
  },
  {
    title: 'Nuovi criteri di idoneità alla donazione: cosa cambia per i donatori',
    categories: ['News'],
    subtitle:
      '<p>Il decreto aggiorna i criteri di selezione del donatore: intervalli tra donazioni, sospensioni dopo viaggi e vaccinazioni, requisiti di emoglobina.</p>',
    source: GAZZETTA,
  },
  {
    title: "Nuovo Statuto della Società approvato dall'Assemblea straordinaria",
    categories: ['SOCIETA'],
    subtitle:
      '<p>L’Assemblea straordinaria dei Soci ha approvato il nuovo Statuto, che introduce la figura degli <strong>Affiliati</strong> tecnici e infermieri.</p>',
    document: {
      fileName: 'Statuto approvato.pdf',
      lines: [
        'Testo dello Statuto approvato dall’Assemblea straordinaria dei Soci.',
        'Titolo I - Denominazione, sede e scopi. Titolo II - Soci e Affiliati. Titolo III - Organi sociali. Titolo IV - Patrimonio e bilancio.',
        'Le modifiche entrano in vigore dal giorno successivo all’approvazione.',
      ],
    },
  },
  {
    title: 'Mobilità regionale: posti disponibili per infermieri di area trasfusionale',
    categories: ['Concorsi'],
    subtitle:
      '<p>Aperto un avviso di mobilità per infermieri con esperienza in unità di raccolta e ambulatori di aferesi. Scadenza a trenta giorni.</p>',
  },
  {
    title: 'Scuola {societa} di aggiornamento in aferesi terapeutica',
    categories: ['Formazione', 'SOCIETA'],
    subtitle:
      '<p>La scuola propone un percorso annuale su indicazioni, tecniche e gestione delle complicanze delle procedure aferetiche, con tirocinio presso centri qualificati.</p>',
  },
  {
    title: "Emovigilanza dei donatori: l'andamento delle reazioni avverse alla donazione",
    categories: ['Emovigilanza'],
    subtitle:
      '<p>Le reazioni vasovagali restano le più frequenti, soprattutto nei donatori alla prima donazione. Idratazione e accoglienza attenta fanno la differenza.</p>',
  },
  {
    title: 'Terapie cellulari CAR-T: il ruolo dei servizi trasfusionali',
    categories: ['News'],
    subtitle:
      '<p>Dalla raccolta dei linfociti in aferesi alla conservazione del prodotto: i servizi trasfusionali sono parte essenziale della filiera delle terapie avanzate.</p>',
  },
  {
    title: 'Gruppi di lavoro {societa}: aperte le candidature per il biennio',
    categories: ['SOCIETA'],
    subtitle:
      '<p>I Soci possono candidarsi ai gruppi di lavoro su immunoematologia, aferesi, qualità e accreditamento, terapie cellulari e formazione.</p>',
  },
  {
    title: 'Bando per dirigente biologo presso un laboratorio di immunogenetica',
    categories: ['Concorsi'],
    subtitle:
      '<p>Un posto a tempo indeterminato per dirigente biologo con esperienza in tipizzazione HLA e studio della compatibilità per i trapianti.</p>',
    document: {
      fileName: 'Bando dirigente biologo immunogenetica.pdf',
      lines: [
        'Concorso pubblico per titoli ed esami per n. 1 posto di Dirigente Biologo - disciplina Patologia Clinica, da assegnare al laboratorio di immunogenetica.',
        'Costituisce titolo preferenziale l’esperienza documentata in tipizzazione HLA con metodiche di sequenziamento.',
        'Il termine per la presentazione delle domande scade il trentesimo giorno successivo alla pubblicazione.',
      ],
    },
  },
  {
    title: 'Giornate di studio sulla terapia trasfusionale in neonatologia',
    categories: ['Formazione'],
    subtitle:
      '<p>Due giornate sulle indicazioni alla trasfusione nel neonato, sugli emocomponenti dedicati e sulla <strong>malattia emolitica</strong> del feto e del neonato.</p>',
    document: {
      fileName: 'Programma giornate neonatologia.pdf',
      lines: [
        'Prima giornata: fisiologia dell’eritropoiesi neonatale; soglie trasfusionali; emocomponenti irradiati e frazionati.',
        'Seconda giornata: malattia emolitica del feto e del neonato; exsanguinotrasfusione; casi clinici.',
        'Sede: aula magna dell’ospedale ospitante. Crediti ECM richiesti: 12.',
      ],
    },
  },
  {
    title: 'Dengue e arbovirosi: criteri temporanei di sospensione dei donatori',
    categories: ['Emovigilanza'],
    subtitle:
      '<p>Aggiornate le indicazioni per i donatori di rientro da aree con trasmissione di dengue e altre arbovirosi: sospensione temporanea e controlli aggiuntivi.</p>',
    source: MINISTERO,
  },
  {
    title: 'Sangue raro: nasce la rete dei registri regionali dei donatori',
    categories: ['News'],
    subtitle:
      '<p>I registri regionali dei donatori con fenotipi rari vengono collegati in una rete unica, per trovare più rapidamente unità compatibili per i pazienti con esigenze particolari.</p>',
  },
  {
    title: "Documento {societa} sull'appropriatezza nell'uso dell'albumina",
    categories: ['SOCIETA'],
    subtitle:
      '<p>Il documento riassume le indicazioni con prove di efficacia e quelle non appropriate, con esempi di audit clinico per i comitati per il buon uso del sangue.</p>',
    document: {
      fileName: 'Appropriatezza uso albumina.pdf',
      lines: [
        'Indicazioni appropriate: paracentesi evacuative di grande volume; sindrome epatorenale in associazione ai vasocostrittori; peritonite batterica spontanea.',
        'Indicazioni non appropriate: correzione dell’ipoalbuminemia in assenza di edemi o ipotensione; supporto nutrizionale.',
        'Audit suggerito: verifica trimestrale delle richieste con confronto tra indicazioni dichiarate e consumi per reparto.',
      ],
    },
  },
  {
    title: 'Graduatoria del concorso per medici trasfusionisti: pubblicati gli esiti',
    categories: ['Concorsi'],
    subtitle:
      '<p>Pubblicata la graduatoria finale di merito; i vincitori saranno contattati dall’ufficio del personale per la presa di servizio.</p>',
  },
  {
    title: 'Corso di formazione sul Patient Blood Management per i reparti chirurgici',
    categories: ['Formazione'],
    subtitle:
      '<p>I tre pilastri del PBM applicati alla chirurgia programmata:</p><ul><li>correzione dell’anemia preoperatoria</li><li>riduzione delle perdite ematiche</li><li>tolleranza dell’anemia</li></ul>',
  },
  {
    title: 'Quasi-incidenti in trasfusione: perché è importante segnalarli',
    categories: ['Emovigilanza'],
    subtitle:
      '<p>Ogni errore intercettato prima della trasfusione è un’occasione per migliorare le procedure. Segnalare i <strong>near miss</strong> non è una colpa ma una risorsa.</p>',
  },
  {
    title: 'Accordo Stato-Regioni sui requisiti minimi dei servizi trasfusionali',
    categories: ['News'],
    subtitle:
      '<p>L’accordo aggiorna i requisiti strutturali, tecnologici e organizzativi per l’autorizzazione e l’accreditamento dei servizi trasfusionali e delle unità di raccolta.</p>',
    source: GAZZETTA,
  },
  {
    title: 'Convenzione tra {societa} e le scuole di specializzazione in Patologia Clinica',
    categories: ['SOCIETA'],
    subtitle:
      '<p>Gli specializzandi potranno frequentare i corsi della Società a condizioni agevolate e iscriversi gratuitamente per il primo anno.</p>',
  },
  {
    title: "Selezione per coordinatore infermieristico di un'Unità di Raccolta",
    categories: ['Concorsi'],
    subtitle:
      '<p>Avviso interno per l’incarico di coordinamento del personale infermieristico di un’unità di raccolta associativa. Richiesto il master in coordinamento.</p>',
  },
  {
    title: 'Master universitario di II livello in medicina trasfusionale: bando {anno}',
    categories: ['Formazione', 'Concorsi'],
    subtitle:
      '<p>Il master, di durata annuale, prevede 1500 ore tra didattica e tirocinio. Sono previste <strong>agevolazioni</strong> per i Soci.</p>',
    document: {
      fileName: 'Bando master medicina trasfusionale {anno}.pdf',
      lines: [
        'Master universitario di II livello in Medicina Trasfusionale - anno accademico {anno}.',
        'Moduli: immunoematologia; produzione degli emocomponenti; aferesi; terapie cellulari; qualità e accreditamento; emovigilanza.',
        'Requisiti di accesso: laurea magistrale in Medicina e Chirurgia o in Scienze Biologiche. Posti disponibili: 25.',
      ],
    },
  },
  {
    title: 'Riduzione del 30% degli sprechi di plasma grazie alla tracciabilità',
    categories: ['Emovigilanza', 'News'],
    subtitle:
      '<p>Il monitoraggio informatizzato delle temperature e delle scadenze ha ridotto di quasi un terzo le unità eliminate. I dati nel <a href="https://www.centronazionalesangue.it/">sito del Centro Nazionale Sangue</a>.</p>',
    source: CNS,
  },
  {
    title: 'Intelligenza artificiale e gestione delle scorte di emocomponenti',
    categories: ['News'],
    subtitle:
      '<p>Modelli previsionali aiutano a stimare i fabbisogni settimanali e a programmare la chiamata dei donatori, riducendo carenze ed eccedenze.</p>',
  },
  {
    title: 'Contratti di ricerca sulla conservazione delle piastrine: al via le candidature',
    categories: ['Concorsi'],
    subtitle:
      '<p>Due contratti di ricerca biennali per studiare la conservazione delle piastrine a freddo e l’inattivazione dei patogeni.</p>',
  },
  {
    title: 'Qualità e sicurezza: perché la formazione continua del personale conta',
    categories: ['Formazione'],
    subtitle:
      '<p>Le verifiche ispettive mostrano che i servizi con piani di formazione strutturati hanno <strong>meno non conformità</strong>. Le indicazioni per costruire un piano annuale.</p>',
  },
  {
    title: 'Donazione in aferesi: cresce il numero dei donatori di plasma',
    categories: ['News'],
    subtitle:
      '<p>Aumentano le procedure di plasmaferesi, grazie alla chiamata programmata e all’apertura pomeridiana delle unità di raccolta.</p>',
    source: CNS,
  },
  {
    title: "Online il nuovo sito della Società con l'area riservata per Soci e Affiliati",
    categories: ['SOCIETA'],
    subtitle:
      '<p>Nel nuovo sito Soci e Affiliati trovano raccomandazioni, pareri del Consiglio Direttivo, verbali delle assemblee, rassegna stampa e la rivista <strong>Il Servizio Trasfusionale</strong>.</p>',
  },
];

/** Published, but dated 30 days after today: scheduled, not yet visible. */
export const SCHEDULED_NEWS: NewsTemplate = {
  title: 'Bando {societa} {anno} per progetti di ricerca in medicina trasfusionale',
  categories: ['SOCIETA', 'Concorsi'],
  subtitle:
    '<p>Il bando finanzia progetti di ricerca multicentrici proposti da gruppi di Soci. Il regolamento sarà pubblicato insieme al bando.</p>',
};

/** Not published: a draft the back office is still writing. */
export const DRAFT_NEWS: NewsTemplate = {
  title: 'Linee guida sul buon uso del sangue in ostetricia (bozza)',
  categories: ['Formazione'],
  subtitle:
    '<p>Bozza in revisione: non pubblicare prima dell’approvazione del Consiglio Direttivo.</p>',
};

export interface RecommendationTemplate {
  title: string;
  audience: Audience;
  source?: DemoSource;
  document?: DemoDocument;
}

/** Oldest first. The ones without a source carry a PDF and show the society as source. */
export const RECOMMENDATIONS: readonly RecommendationTemplate[] = [
  {
    title: 'Raccomandazioni per la trasfusione di piastrine nel paziente adulto',
    audience: 'all',
    document: {
      fileName: 'Raccomandazioni trasfusione piastrine.pdf',
      lines: [
        'Profilassi nel paziente oncoematologico stabile: soglia di 10.000 piastrine per microlitro.',
        'Procedure invasive: soglie differenziate secondo il rischio emorragico della procedura.',
        'Refrattarietà piastrinica: valutare le cause immuni e non immuni; considerare piastrine HLA compatibili.',
      ],
    },
  },
  {
    title: "Raccomandazioni sull'uso appropriato del plasma fresco congelato",
    audience: 'all',
    source: CNS,
  },
  {
    title: 'Indicazioni sul test di Coombs diretto nella diagnostica delle anemie emolitiche',
    audience: 'socio',
    document: {
      fileName: 'Indicazioni test di Coombs diretto.pdf',
      lines: [
        'Il test dell’antiglobulina diretto va richiesto in presenza di segni di emolisi, non come test di screening.',
        'Un risultato positivo va completato con la specificità (IgG, C3d) e, se indicato, con l’eluizione.',
        'L’interpretazione richiede i dati clinici, la storia trasfusionale e la terapia farmacologica in corso.',
      ],
    },
  },
  {
    title: 'Prevenzione della reazione trasfusionale da incompatibilità ABO',
    audience: 'all',
    source: MINISTERO,
  },
  {
    title: 'Gestione dei donatori con carenza di ferro: indicazioni operative',
    audience: 'affiliato',
    document: {
      fileName: 'Gestione donatori carenza di ferro.pdf',
      lines: [
        'Dosaggio della ferritina alla prima donazione e periodicamente nei donatori ad alta frequenza.',
        'Con ferritina bassa: allungare l’intervallo tra le donazioni e fornire indicazioni alimentari.',
        'Valutare la supplementazione marziale secondo il protocollo del servizio trasfusionale di riferimento.',
      ],
    },
  },
  {
    title: 'Raccolta di cellule staminali emopoietiche da sangue periferico',
    audience: 'socio',
    document: {
      fileName: 'Raccolta cellule staminali periferiche.pdf',
      lines: [
        'Mobilizzazione: schemi con fattore di crescita da solo o in associazione a chemioterapia o plerixafor.',
        'Monitoraggio delle cellule CD34+ circolanti per programmare la raccolta.',
        'Obiettivo di raccolta e criteri per una seconda procedura; gestione degli eventi avversi.',
      ],
    },
  },
  {
    title: "Documento di consenso sull'immunoprofilassi anti-D in gravidanza",
    audience: 'all',
    source: ISS,
  },
  {
    title: 'Gestione delle frigoemoteche di reparto: controlli e registrazioni',
    audience: 'affiliato',
    document: {
      fileName: 'Gestione frigoemoteche di reparto.pdf',
      lines: [
        'Registrazione continua della temperatura con allarmi remotizzati verso il servizio trasfusionale.',
        'Verifica giornaliera delle registrazioni e delle scadenze delle unità conservate.',
        'In caso di escursione termica: segregare le unità e contattare il servizio trasfusionale.',
      ],
    },
  },
  {
    title: 'Trasfusione massiva nel paziente traumatizzato',
    audience: 'all',
    source: CNS,
  },
  {
    title: 'Identificazione del paziente al prelievo per le indagini pre-trasfusionali',
    audience: 'affiliato',
    document: {
      fileName: 'Identificazione del paziente al prelievo.pdf',
      lines: [
        'L’identificazione avviene sempre con domanda aperta al paziente e controllo del braccialetto.',
        'Le provette vanno etichettate al letto del paziente, subito dopo il prelievo, da chi lo esegue.',
        'Per la prima determinazione del gruppo è richiesto un secondo campione prelevato in tempi diversi.',
      ],
    },
  },
  {
    title: "Uso appropriato dell'albumina e delle immunoglobuline endovenose",
    audience: 'socio',
    source: { name: 'Agenzia Italiana del Farmaco', url: 'https://www.aifa.gov.it/' },
  },
  {
    title: 'Patient Blood Management nel paziente chirurgico: percorso preoperatorio',
    audience: 'all',
    document: {
      fileName: 'PBM percorso preoperatorio.pdf',
      lines: [
        'Valutazione dell’anemia almeno quattro settimane prima dell’intervento programmato.',
        'Terapia marziale orale o endovenosa secondo la causa e il tempo disponibile.',
        'Pianificazione delle tecniche di risparmio del sangue e della soglia trasfusionale individuale.',
      ],
    },
  },
];

export type AssemblyDocumentKind = 'convocazione' | 'verbale' | 'relazione';

export interface AssemblyTemplate {
  title: string;
  place: string;
  section: 'Affiliati tecnici' | 'Affiliati infermieri' | null;
  documents: readonly [AssemblyDocumentKind, ...AssemblyDocumentKind[]];
}

/** Oldest first. */
export const NATIONAL_ASSEMBLIES: readonly AssemblyTemplate[] = [
  {
    title: 'Assemblea ordinaria dei Soci {anno}',
    place: 'Roma',
    section: null,
    documents: ['convocazione', 'verbale'],
  },
  {
    title: 'Assemblea nazionale degli Affiliati tecnici {anno}',
    place: 'Bologna',
    section: 'Affiliati tecnici',
    documents: ['verbale'],
  },
  {
    title: 'Assemblea straordinaria per la modifica dello Statuto',
    place: 'Firenze',
    section: null,
    documents: ['convocazione', 'verbale'],
  },
  {
    title: 'Assemblea nazionale degli Affiliati infermieri {anno}',
    place: 'Napoli',
    section: 'Affiliati infermieri',
    documents: ['verbale'],
  },
  {
    title: 'Assemblea elettiva per il rinnovo delle cariche sociali {anno}',
    place: 'Rimini',
    section: null,
    documents: ['convocazione', 'relazione'],
  },
  {
    title: 'Assemblea ordinaria dei Soci {anno}: approvazione del bilancio',
    place: 'Milano',
    section: null,
    documents: ['relazione', 'verbale'],
  },
  {
    title: 'Assemblea congiunta Affiliati tecnici {anno}',
    place: 'Torino',
    section: 'Affiliati tecnici',
    documents: ['convocazione'],
  },
  {
    title: 'Assemblea ordinaria dei Soci {anno} in occasione del Congresso nazionale',
    place: 'Genova',
    section: null,
    documents: ['convocazione', 'verbale'],
  },
];

/** Oldest first. */
export const REGIONAL_ASSEMBLIES: readonly AssemblyTemplate[] = [
  {
    title: 'Assemblea regionale Lombardia {anno}',
    place: 'Milano',
    section: null,
    documents: ['verbale'],
  },
  {
    title: 'Assemblea regionale Lazio {anno}',
    place: 'Roma',
    section: null,
    documents: ['convocazione', 'verbale'],
  },
  {
    title: 'Assemblea regionale Campania {anno}',
    place: 'Napoli',
    section: null,
    documents: ['verbale'],
  },
  {
    title: 'Assemblea regionale Sicilia {anno} - Affiliati infermieri',
    place: 'Palermo',
    section: 'Affiliati infermieri',
    documents: ['convocazione'],
  },
  {
    title: 'Assemblea regionale Veneto {anno}',
    place: 'Padova',
    section: null,
    documents: ['convocazione', 'verbale'],
  },
  {
    title: 'Assemblea regionale Emilia-Romagna {anno} - Affiliati tecnici',
    place: 'Bologna',
    section: 'Affiliati tecnici',
    documents: ['verbale'],
  },
  {
    title: 'Assemblea regionale Toscana {anno}',
    place: 'Firenze',
    section: null,
    documents: ['relazione'],
  },
  {
    title: 'Assemblea regionale Piemonte e Valle d’Aosta {anno}',
    place: 'Torino',
    section: null,
    documents: ['convocazione', 'verbale'],
  },
];

export interface PressReviewTemplate {
  headline: string;
  newspaper: string;
  /** Last part of the article address (under example.org). */
  slug: string;
}

/** Oldest first. */
export const PRESS_REVIEWS: readonly PressReviewTemplate[] = [
  {
    headline: 'Sangue, in estate mancano le scorte: gli ospedali rinviano gli interventi',
    newspaper: 'la Repubblica',
    slug: 'sangue-scorte-estate',
  },
  {
    headline: 'Plasma, l’Italia ancora lontana dall’autosufficienza',
    newspaper: 'Il Sole 24 Ore',
    slug: 'plasma-autosufficienza',
  },
  {
    headline: 'Medicina trasfusionale, mancano specialisti nei servizi ospedalieri',
    newspaper: 'Quotidiano Sanità',
    slug: 'carenza-specialisti-trasfusionali',
  },
  {
    headline: 'Donatori giovani in calo: la sfida delle associazioni',
    newspaper: 'Corriere della Sera',
    slug: 'donatori-giovani-calo',
  },
  {
    headline: 'Trasfusioni più sicure con il braccialetto elettronico',
    newspaper: 'La Stampa',
    slug: 'braccialetto-elettronico-trasfusioni',
  },
  {
    headline: 'Il sangue raro che salva i bambini: viaggio nella banca dei fenotipi',
    newspaper: 'Avvenire',
    slug: 'banca-fenotipi-rari',
  },
  {
    headline: 'Patient Blood Management, meno trasfusioni e degenze più brevi',
    newspaper: 'Quotidiano Sanità',
    slug: 'pbm-meno-trasfusioni',
  },
  {
    headline: 'Terapie CAR-T, i centri trasfusionali in prima linea',
    newspaper: 'Il Sole 24 Ore',
    slug: 'car-t-centri-trasfusionali',
  },
  {
    headline: 'Donazioni di sangue, record di prenotazioni online',
    newspaper: 'Il Messaggero',
    slug: 'prenotazioni-online-donazioni',
  },
  {
    headline: 'Emovigilanza: le reazioni gravi alle trasfusioni sono sempre più rare',
    newspaper: 'Quotidiano Sanità',
    slug: 'emovigilanza-reazioni-rare',
  },
  {
    headline: 'Piastrine conservate al freddo: la ricerca italiana guarda avanti',
    newspaper: 'la Repubblica',
    slug: 'piastrine-conservazione-freddo',
  },
  {
    headline: 'Il plasma dei donatori diventa farmaco: come funziona la filiera',
    newspaper: 'Corriere della Sera',
    slug: 'filiera-plasmaderivati',
  },
  {
    headline: 'Intelligenza artificiale per prevedere il fabbisogno di sangue',
    newspaper: 'Il Sole 24 Ore',
    slug: 'ia-fabbisogno-sangue',
  },
  {
    headline: 'Giornata del donatore, piazze piene e unità di raccolta aperte',
    newspaper: 'Il Resto del Carlino',
    slug: 'giornata-donatore-piazze',
  },
];

export interface OpinionTemplate {
  topic: string;
  question: string;
  answer: string;
  audience: Audience;
}

/** Oldest first; the title is built as "Parere dd/MM/yyyy – topic". */
export const OPINIONS: readonly OpinionTemplate[] = [
  {
    topic: 'Validità della richiesta trasfusionale non firmata',
    question:
      'Una richiesta di emocomponenti priva della firma del medico richiedente può essere accettata in urgenza?\nIl reparto sostiene che la firma sarà apposta in seguito.',
    answer:
      'La richiesta deve essere sempre completa e sottoscritta dal medico che ne assume la responsabilità.\nIn urgenza il servizio trasfusionale può avviare la preparazione delle unità, ma la consegna avviene solo con la richiesta regolarizzata, anche in forma elettronica.\nÈ opportuno che la procedura aziendale descriva il percorso dell’urgenza.',
    audience: 'all',
  },
  {
    topic: 'Tempo massimo tra prelievo pre-trasfusionale e trasfusione',
    question:
      'Per quanto tempo è valido il campione per le prove di compatibilità in un paziente trasfuso di recente?',
    answer:
      'Nel paziente trasfuso o in gravidanza negli ultimi tre mesi il campione va prelevato non oltre 72 ore prima della trasfusione.\nNegli altri casi il servizio trasfusionale può stabilire una validità più lunga, indicandola nelle proprie procedure.',
    audience: 'all',
  },
  {
    topic: 'Responsabilità dell’infermiere nel controllo al letto del paziente',
    question:
      'Il controllo di identità al letto del paziente può essere eseguito da un solo operatore?\nIn reparto il turno notturno prevede un solo infermiere.',
    answer:
      'Il controllo va eseguito da due operatori, di cui almeno uno infermiere o medico, oppure con un sistema elettronico di identificazione che lo sostituisca.\nLa carenza di personale non giustifica la rinuncia al doppio controllo: l’organizzazione deve prevedere un secondo operatore reperibile.',
    audience: 'affiliato',
  },
  {
    topic: 'Idoneità alla donazione dopo tatuaggio',
    question: 'Un aspirante donatore ha eseguito un tatuaggio due mesi fa. Può donare?',
    answer:
      'Dopo tatuaggi e piercing è prevista una sospensione temporanea, la cui durata è stabilita dalla normativa vigente sui criteri di selezione del donatore.\nTrascorso il periodo, il donatore può essere riammesso previa valutazione del medico selezionatore.',
    audience: 'all',
  },
  {
    topic: 'Trasporto di emocomponenti tra presidi ospedalieri',
    question:
      'Chi è responsabile del mantenimento della temperatura durante il trasporto di unità tra due presidi della stessa azienda?',
    answer:
      'La responsabilità è del servizio trasfusionale che consegna le unità, che deve convalidare contenitori e tempi di trasporto.\nIl presidio ricevente verifica la temperatura all’arrivo e registra l’esito del controllo.',
    audience: 'socio',
  },
  {
    topic: 'Conservazione dei campioni pre-trasfusionali',
    question:
      'Per quanto tempo devono essere conservati i campioni dei pazienti dopo la trasfusione?',
    answer:
      'I campioni vanno conservati per almeno sette giorni dopo la trasfusione, a temperatura controllata, per consentire eventuali indagini su reazioni ritardate.\nIl periodo può essere più lungo se previsto dalle procedure del servizio.',
    audience: 'socio',
  },
  {
    topic: 'Ruolo del tecnico nella validazione delle indagini immunoematologiche',
    question:
      'Il tecnico sanitario di laboratorio biomedico può validare il risultato della ricerca anticorpale?',
    answer:
      'Il tecnico esegue l’analisi e ne verifica la correttezza tecnica.\nLa validazione clinica e l’interpretazione dei risultati, specie in presenza di anticorpi, spettano al dirigente medico o biologo, secondo l’organizzazione del servizio.',
    audience: 'affiliato',
  },
  {
    topic: 'Consenso informato alla trasfusione nelle terapie ripetute',
    question:
      'Per un paziente talassemico in regime trasfusionale cronico occorre raccogliere il consenso a ogni trasfusione?',
    answer:
      'Il consenso può riferirsi a un ciclo di trattamento, purché il paziente sia informato all’inizio e a ogni cambiamento significativo della terapia.\nÈ buona pratica rinnovarlo periodicamente, ad esempio ogni anno.',
    audience: 'all',
  },
  {
    topic: 'Autotrasfusione con predeposito negli interventi programmati',
    question:
      'Il predeposito di sangue autologo è ancora indicato nella chirurgia ortopedica programmata?',
    answer:
      'Nella maggior parte dei casi no: il Patient Blood Management privilegia la correzione dell’anemia e le tecniche di risparmio del sangue.\nIl predeposito resta un’opzione in casi selezionati, come pazienti con fenotipi rari o alloimmunizzazioni complesse.',
    audience: 'socio',
  },
  {
    topic: 'Uso di emocomponenti ad uso non trasfusionale',
    question:
      'Il servizio trasfusionale può preparare gel piastrinico per un ambulatorio di vulnologia esterno all’azienda?',
    answer:
      'Sì, se esiste una convenzione tra le strutture e la preparazione avviene secondo le indicazioni nazionali sugli emocomponenti per uso non trasfusionale.\nLa convenzione deve definire responsabilità, tracciabilità e modalità di segnalazione degli eventi avversi.',
    audience: 'all',
  },
];

/** Titles of the magazine's articles; demo-content.ts deals them out to the issues. */
export const MAGAZINE_ARTICLE_TITLES: readonly string[] = [
  'Editoriale: il servizio trasfusionale che cambia',
  'Anticorpi anti-eritrocitari nelle donne in gravidanza: esperienza di un centro',
  'La chiamata programmata dei donatori di plasma',
  'Controllo di qualità degli emocomponenti: risultati di un anno',
  'Genotipizzazione eritrocitaria nei pazienti politrasfusi',
  'Il ruolo dell’infermiere nell’ambulatorio di aferesi',
  'Piastrine da pool o da aferesi: un confronto',
  'Audit sull’appropriatezza delle richieste di plasma',
  'Reazioni vasovagali nei donatori giovani',
  'Tracciabilità con codici a barre al letto del paziente',
  'Anemia sideropenica nei donatori periodici',
  'La validazione dei processi di congelamento del plasma',
  'Fotoferesi extracorporea: indicazioni e organizzazione',
  'Gestione del paziente con autoanticorpi caldi',
  'Il sistema qualità nelle unità di raccolta associative',
  'Sorveglianza dei marcatori infettivi: dieci anni di dati',
  'Trasfusione in oncoematologia pediatrica',
  'Comunicare con il donatore sospeso',
  'La formazione dei tecnici di laboratorio in immunoematologia',
  'Emocomponenti irradiati: quando servono davvero',
  'Il Patient Blood Management in cardiochirurgia',
  'Raccolta di cellule staminali: l’esperienza di un centro',
  'Malattia emolitica del feto e del neonato: un caso clinico',
  'L’accreditamento delle unità di raccolta: cosa verificano gli ispettori',
  'Fenotipi rari: il registro regionale dei donatori',
  'Inattivazione dei patogeni nel plasma: stato dell’arte',
  'Trasfusione massiva: il protocollo di un trauma center',
  'La donazione di sangue cordonale',
  'Errori pre-analitici in immunoematologia',
  'Il colloquio di selezione del donatore',
  'Terapie CAR-T: la raccolta dei linfociti',
  'Frigoemoteche di reparto: un anno di monitoraggio',
  'La gestione informatizzata delle scorte',
  'Plasmaferesi produttiva: organizzazione e numeri',
  'Reazioni trasfusionali febbrili non emolitiche',
  'Anticorpi anti-HLA e refrattarietà piastrinica',
  'Il consenso informato alla trasfusione',
  'Il ruolo del biologo nel laboratorio di immunogenetica',
  'Donatori di gruppo O negativo: una risorsa da proteggere',
  'Sicurezza trasfusionale e rischio clinico',
  'Salasso terapeutico nell’emocromatosi',
  'Test NAT nei donatori: l’organizzazione regionale',
  'La trasfusione nel paziente anziano',
  'Emovigilanza: lettura critica del rapporto annuale',
  'Immunoglobuline anti-D: indicazioni e dosaggi',
  'Collirio da siero autologo: preparazione e controlli',
  'Un nuovo modello di unità di raccolta mobile',
  'La gestione degli eventi avversi gravi nei donatori',
  'Trasfusione e anemia nel paziente critico',
  'Lettere alla redazione',
];

export const AUTHOR_FIRST_NAMES: readonly string[] = [
  'Giulia',
  'Marco',
  'Francesca',
  'Alessandro',
  'Chiara',
  'Davide',
  'Elisa',
  'Matteo',
  'Valentina',
  'Riccardo',
  'Sara',
  'Federico',
  'Laura',
  'Simone',
  'Martina',
  'Nicola',
  'Alessia',
  'Giorgio',
  'Ilaria',
  'Tommaso',
];

export const AUTHOR_LAST_NAMES: readonly string[] = [
  'Benedetti',
  'Sartori',
  'Colombo',
  'Ferraris',
  'Pellegrini',
  'Gentile',
  'Rinaldi',
  'Cattaneo',
  'Monti',
  'Barbieri',
  'Fabbri',
  'Orlandi',
  'Testa',
  'Guerra',
  'Palumbo',
  'Valentini',
  'Silvestri',
  'Mancini',
  'Donati',
  'Vitale',
  'Marini',
  'Bernardi',
  'Farina',
  'Negri',
  'Piras',
];

export interface SetupElementTemplate {
  /** HTML; {societa} is replaced by the acronym (escaped), {anno} by last year. */
  body: string;
  document?: DemoDocument;
}

export const SETUP_ELEMENTS: Readonly<Record<SetupElementKey, SetupElementTemplate>> = {
  'chisiamo-organizzazione-storia': {
    body: '<p>La <strong>{societa}</strong> riunisce medici, biologi, tecnici e infermieri che lavorano nei servizi di immunoematologia e medicina trasfusionale. Nasce dall’incontro di gruppi di studio regionali che, negli anni Settanta, sentirono l’esigenza di una voce comune per la sicurezza trasfusionale.</p><p>Da allora la Società promuove la ricerca, la formazione continua e la qualità dei servizi, collabora con le istituzioni sanitarie e con le associazioni dei donatori e pubblica la rivista <em>Il Servizio Trasfusionale</em>.</p>',
    document: {
      fileName: 'La storia della Società.pdf',
      lines: [
        'Le origini: i gruppi di studio regionali e il primo congresso nazionale.',
        'Gli anni della crescita: la collaborazione con le associazioni dei donatori e con le istituzioni.',
        'La Società oggi: formazione, ricerca, linee guida e rappresentanza della disciplina.',
      ],
    },
  },
  'chisiamo-organizzazione-organigramma': {
    body: '<p>La Società è guidata dal <strong>Consiglio Direttivo</strong>, eletto dall’Assemblea dei Soci, che nomina il Segretario e il Tesoriere. Il Consiglio si avvale di:</p><ul><li>coordinatori regionali</li><li>gruppi di lavoro tematici</li><li>comitato scientifico e comitato di redazione della rivista</li><li>rappresentanti degli Affiliati tecnici e infermieri</li></ul>',
    document: {
      fileName: 'Organigramma.pdf',
      lines: [
        'Assemblea dei Soci -> Consiglio Direttivo -> Presidente, Vice Presidente, Segretario, Tesoriere.',
        'Comitato scientifico; comitato di redazione; coordinatori regionali; gruppi di lavoro.',
        'Rappresentanze degli Affiliati tecnici e degli Affiliati infermieri.',
      ],
    },
  },
  'chisiamo-organizzazione-codiceetico': {
    body: '<p>Il <strong>Codice Etico</strong> indica i principi che Soci, Affiliati e organi sociali si impegnano a rispettare: indipendenza scientifica, trasparenza nei rapporti con l’industria, tutela dei donatori e dei pazienti, riservatezza dei dati.</p><p>Ogni conflitto di interessi va dichiarato al Consiglio Direttivo.</p>',
    document: {
      fileName: 'Codice etico.pdf',
      lines: [
        'Principi generali: integrità, indipendenza, trasparenza, rispetto della persona.',
        'Rapporti con l’industria: dichiarazione dei conflitti di interessi; sponsorizzazioni non condizionanti.',
        'Violazioni: segnalazione al Collegio dei Probiviri e provvedimenti previsti dallo Statuto.',
      ],
    },
  },
  'chisiamo-organizzazione-bilancio': {
    body: '<p>Il bilancio consuntivo dell’esercizio {anno}, approvato dall’Assemblea dei Soci, è pubblicato in allegato insieme alla relazione del Tesoriere.</p><p>Le entrate provengono in prevalenza dalle <strong>quote associative</strong> e dalle attività formative.</p>',
    document: {
      fileName: 'Bilancio consuntivo {anno}.pdf',
      lines: [
        'Entrate: quote associative; iscrizioni a corsi e congressi; contributi non condizionanti.',
        'Uscite: attività formative; rivista; gestione della segreteria; borse di studio.',
        'Il bilancio chiude in pareggio. Relazione del Tesoriere e parere del Collegio dei Revisori in allegato.',
      ],
    },
  },
  'chisiamo-organizzazione-statuto': {
    body: '<p>Lo <strong>Statuto</strong> e il <strong>Regolamento</strong> definiscono scopi, organi e funzionamento della Società, i diritti e i doveri di Soci e Affiliati e le modalità di elezione delle cariche sociali.</p>',
    document: {
      fileName: 'Statuto e Regolamento.pdf',
      lines: [
        'Statuto: denominazione, sede e scopi; Soci e Affiliati; organi sociali; patrimonio; scioglimento.',
        'Regolamento: iscrizione e quote; elezioni; gruppi di lavoro; coordinamenti regionali.',
      ],
    },
  },
  'chisiamo-soci-iscrizione': {
    body: '<p>Possono diventare <strong>Soci</strong> i laureati in Medicina e Chirurgia e in Scienze Biologiche che operano o si formano nell’ambito della medicina trasfusionale.</p><ul><li>compila la domanda di iscrizione qui sotto, allegando il curriculum in PDF</li><li>il Consiglio Direttivo la esamina e la segreteria ti risponde per e-mail</li><li>con l’approvazione ricevi il numero di socio e l’accesso all’area riservata, poi versi la quota annuale</li></ul>',
  },
  'chisiamo-soci-pagamento': {
    body: '<p>La quota associativa si versa ogni anno entro il 31 marzo. Puoi pagare online qui sotto, con carta o portafoglio elettronico, scegliendo la quota che ti riguarda.</p><p>La ricevuta arriva per e-mail all’indirizzo indicato nel pagamento.</p>',
  },
  'chisiamo-soci-richiesta': {
    body: '<p>La domanda si invia online dalla scheda Iscrizione. Se preferisci la carta, scarica il <strong>modulo di richiesta di iscrizione</strong>, compilalo e invialo firmato alla Segreteria nazionale insieme al curriculum vitae.</p>',
    document: {
      fileName: 'Modulo di iscrizione Soci.pdf',
      lines: [
        'Il/La sottoscritto/a ______________________ nato/a a ______________ il __________',
        'chiede di essere iscritto/a alla Società in qualità di Socio ordinario.',
        'Struttura di appartenenza: ______________________ Qualifica: ______________',
        'Allega curriculum vitae e dichiara di aver preso visione dello Statuto e del Codice Etico.',
        'Data ____________ Firma ______________________',
      ],
    },
  },
  'chisiamo-soci-carichesociali': {
    body: '<p>Le cariche sociali durano tre anni. Il Consiglio Direttivo in carica è composto da Presidente, Vice Presidente, Segretario, Tesoriere e Consiglieri, eletti dall’Assemblea dei Soci.</p>',
  },
  'chisiamo-affiliati-iscrizione': {
    body: '<p>Possono iscriversi come <strong>Affiliati</strong> i tecnici sanitari di laboratorio biomedico e gli infermieri che lavorano nei servizi trasfusionali e nelle unità di raccolta.</p><p>Gli Affiliati partecipano alle attività formative, all’area riservata del sito e alle assemblee della propria sezione.</p>',
  },
  'chisiamo-affiliati-pagamento': {
    body: '<p>La quota di affiliazione è annuale. Scegli la quota, indica il tuo nome e l’anno di riferimento e procedi con il pagamento online.</p>',
  },
  'chisiamo-affiliati-richiesta': {
    body: '<p>L’affiliazione si chiede online dalla scheda Iscrizione. Se preferisci la carta, scarica il modulo, compilalo in ogni sua parte e invialo alla Segreteria nazionale.</p>',
    document: {
      fileName: 'Modulo di iscrizione Affiliati.pdf',
      lines: [
        'Il/La sottoscritto/a ______________________ nato/a a ______________ il __________',
        'chiede l’affiliazione alla Società nella sezione: [ ] Affiliati tecnici [ ] Affiliati infermieri',
        'Struttura di appartenenza: ______________________',
        'Data ____________ Firma ______________________',
      ],
    },
  },
  'chisiamo-affiliati-carichesociali': {
    body: '<p>Ogni sezione degli Affiliati elegge un <strong>rappresentante nazionale</strong>, che partecipa senza diritto di voto alle riunioni del Consiglio Direttivo, e un referente per ogni regione.</p>',
  },
  'chisiamo-sostenitori-contributo': {
    body: '<p>Enti e aziende possono sostenere le attività formative e di ricerca della Società con <strong>contributi non condizionanti</strong>, nel rispetto del Codice Etico.</p><p>Per informazioni scrivi alla Segreteria nazionale.</p>',
  },
  'pareri-intro': {
    body: '<p>Il Consiglio Direttivo risponde ai quesiti di Soci e Affiliati su aspetti organizzativi, normativi e clinici della medicina trasfusionale. I pareri hanno valore di orientamento e non sostituiscono la normativa vigente.</p>',
  },
  'patrocini-richiesta': {
    body: '<p>La Società concede il proprio <strong>patrocinio</strong> a eventi scientifici e formativi coerenti con i suoi scopi. La richiesta va inviata almeno <strong>60 giorni</strong> prima dell’evento con il programma in formato PDF.</p><ul><li>Patrocinio: uso del logo e citazione nel materiale dell’evento</li><li>Pubblicazione sul sito: annuncio dell’evento nelle news</li></ul>',
  },
  'rivista-intro': {
    body: '<p><strong>Il Servizio Trasfusionale</strong> è il notiziario della Società: articoli originali, esperienze dei servizi, casi clinici e aggiornamenti normativi. I numeri sono consultabili online e scaricabili in PDF.</p>',
  },
  'modulo-abbonamento-attivo': { body: 'true' },
};

export interface BoardMemberTemplate {
  name: string;
  role: string;
  /** Background and figure colours of the generated portrait. */
  colours: readonly [readonly [number, number, number], readonly [number, number, number]];
  /** Where the member works (for the CV). */
  workplace: string;
}

export const BOARD_MEMBERS: readonly BoardMemberTemplate[] = [
  {
    name: 'Elena Marchetti',
    role: 'Presidente',
    colours: [
      [158, 13, 26],
      [246, 220, 222],
    ],
    workplace: 'Servizio di Immunoematologia e Medicina Trasfusionale, Ospedale Maggiore',
  },
  {
    name: 'Paolo Ranieri',
    role: 'Vice Presidente',
    colours: [
      [29, 78, 137],
      [220, 232, 246],
    ],
    workplace: 'Dipartimento di Medicina di Laboratorio, Azienda Ospedaliera Universitaria',
  },
  {
    name: 'Chiara Lombardo',
    role: 'Segretario',
    colours: [
      [34, 117, 76],
      [222, 243, 231],
    ],
    workplace: 'Centro Regionale Sangue',
  },
  {
    name: 'Stefano Galli',
    role: 'Tesoriere',
    colours: [
      [120, 72, 20],
      [246, 234, 218],
    ],
    workplace: 'Servizio Trasfusionale, Presidio Ospedaliero Santa Lucia',
  },
  {
    name: 'Francesca De Santis',
    role: 'Consigliere',
    colours: [
      [96, 45, 140],
      [236, 225, 246],
    ],
    workplace: 'Laboratorio di Immunogenetica, Ospedale Civile',
  },
  {
    name: 'Andrea Moretti',
    role: 'Consigliere',
    colours: [
      [20, 110, 120],
      [220, 243, 245],
    ],
    workplace: 'Unità di Aferesi Terapeutica, Policlinico',
  },
  {
    name: 'Silvia Caruso',
    role: 'Consigliere',
    colours: [
      [180, 80, 30],
      [250, 230, 215],
    ],
    workplace: 'Servizio Trasfusionale, Ospedale San Rocco',
  },
  {
    name: 'Luca Fontana',
    role: 'Consigliere',
    colours: [
      [60, 60, 70],
      [230, 230, 235],
    ],
    workplace: 'Banca del Sangue Cordonale, Azienda Sanitaria Territoriale',
  },
  {
    name: 'Marta Villa',
    role: 'Consigliere',
    colours: [
      [170, 30, 90],
      [248, 222, 234],
    ],
    workplace: 'Servizio di Medicina Trasfusionale, Ospedale dei Colli',
  },
];

export interface FeeTemplate {
  title: string;
  amountCents: number;
  access: 'Socio' | 'Affiliato';
}

export const FEES: readonly FeeTemplate[] = [
  { title: 'Quota Socio ordinario', amountCents: 8000, access: 'Socio' },
  { title: 'Quota Socio under 35', amountCents: 4000, access: 'Socio' },
  { title: 'Quota Affiliato tecnico', amountCents: 3000, access: 'Affiliato' },
  { title: 'Quota Affiliato infermiere', amountCents: 3000, access: 'Affiliato' },
];

/** A sponsorship request waiting for the secretariat (dates are set at load time). */
export const SPONSORSHIP_REQUEST = {
  requester: 'Roberta Cantoni',
  email: 'segreteria.convegno@example.org',
  organisation: 'Associazione Donatori Volontari Valle Serena',
  phone: '+39 0522 000000',
  requestKind: 'Patrocinio',
  eventKind: 'Regionale',
  eventTitle: 'Il dono che cura: giornata di studio sulla donazione di plasma',
  city: 'Reggio Emilia',
  venue: 'Sala convegni del Centro Congressi',
  organiser: 'Associazione Donatori Volontari Valle Serena',
  website: 'https://www.example.org/convegno-plasma',
  scientificSecretariat: 'Dott.ssa Ilaria Negri',
  organisingSecretariat: 'Eventi Formativi Srl (demo)',
  otherSponsors: 'Ordine dei Medici provinciale (richiesto)',
  eventContents:
    'Giornata di studio rivolta a medici, infermieri e volontari: organizzazione della raccolta di plasma, chiamata programmata, comunicazione con i donatori.',
  document: {
    fileName: 'Programma giornata di studio.pdf',
    lines: [
      'Ore 9.00 - Saluti delle autorità e dell’associazione.',
      'Ore 9.30 - La raccolta di plasma in Italia: numeri e obiettivi.',
      'Ore 11.00 - Chiamata programmata e fidelizzazione del donatore.',
      'Ore 12.30 - Tavola rotonda con i volontari. Ore 13.30 - Chiusura dei lavori.',
    ],
  },
} as const;

export const NEWSLETTER_SUBSCRIBER = 'newsletter.demo@example.org';
