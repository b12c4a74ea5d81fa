import { percentText, type QuestionnaireReport } from '@sodalis/contracts';
import {
  Box,
  Button,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useNotify } from 'react-admin';
import { downloadExport } from '../../admin/data-provider';
import { errorText } from '../../admin/error-text';
import { useAdminRead } from './admin-data';

/**
 * An accredited event's satisfaction questionnaire for the staff (ADR 058): completions over
 * confirmed registrants, each question's answers per option, the reasons given (no names, in
 * no order of submission), the sponsor declarations by company, and the same as a spreadsheet.
 * The form is Age.Na.S.'s: shown with its version, never edited here.
 */
export function EcmQuestionnaireReport({ eventId }: { eventId: number }) {
  const notify = useNotify();
  const [report, setReport] = useState<QuestionnaireReport | null>(null);
  const url = `/api/v1/Admin/Events/${eventId}/EcmQuestionnaire`;
  useAdminRead(url, setReport, 'Questionario ECM non disponibile.');
  if (report === null || !report.accredited) return null;
  return (
    <Box component="section" aria-labelledby="ecm-questionnaire-title" sx={{ mt: 3 }}>
      <Typography id="ecm-questionnaire-title" variant="h6" component="h2">
        Questionario di gradimento ECM
      </Typography>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {report.form.title}, versione {report.form.version} ({report.form.source}). Risposte
        anonime, mostrate solo nel loro insieme.
      </Typography>
      <Typography data-testid="ecm-questionnaire-completed" sx={{ mb: 1 }}>
        Questionari compilati: {report.completed} su {report.confirmed} iscritti confermati.
      </Typography>
      <Button
        variant="outlined"
        size="small"
        onClick={() =>
          void downloadExport(`${url}/Csv`, `questionario-ecm-evento-${eventId}.csv`).catch(
            (error: unknown) =>
              notify(errorText(error, 'Esportazione non riuscita.'), { type: 'error' }),
          )
        }
      >
        Esporta CSV
      </Button>
      {report.questions.map((question) => (
        <Box key={question.key} sx={{ mt: 2 }}>
          <Table size="small" aria-label={question.text}>
            <TableHead>
              <TableRow>
                <TableCell>{question.text}</TableCell>
                <TableCell align="right">Risposte</TableCell>
                <TableCell align="right">%</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {question.options.map((option) => (
                <TableRow key={option.key}>
                  <TableCell>{option.label}</TableCell>
                  <TableCell align="right">{option.count}</TableCell>
                  <TableCell align="right">{percentText(option.percent)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {question.reasons.length === 0 ? null : (
            <Box component="ul" sx={{ mt: 1 }} aria-label="Motivi indicati">
              {question.reasons.map((reason, index) => (
                <li key={index}>
                  <Typography variant="body2">{reason}</Typography>
                </li>
              ))}
            </Box>
          )}
        </Box>
      ))}
      <Table size="small" sx={{ mt: 2 }} aria-label="Reclutamento da sponsor">
        <TableHead>
          <TableRow>
            <TableCell>Reclutamento da sponsor (dichiarazioni)</TableCell>
            <TableCell align="right">Partecipanti</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          <TableRow>
            <TableCell>Non reclutati</TableCell>
            <TableCell align="right">{report.sponsorship.notRecruited}</TableCell>
          </TableRow>
          {report.sponsorship.recruited.map((company) => (
            <TableRow key={company.name}>
              <TableCell>Reclutati da {company.name}</TableCell>
              <TableCell align="right">{company.count}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
