import { transparencySectionsFor } from '@sodalis/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/test-app.js';

const ids = (status: { accredited: boolean; ets: boolean; stampDutyExempt: boolean }) =>
  transparencySectionsFor(status).map((section) => section.id);

describe('the transparency sections a society shows (ADR 026)', () => {
  it('shows the DM 2 agosto 2017 sections to accredited societies only', () => {
    const common = [
      'statuto',
      'codice-etico',
      'bilanci',
      'contributi-pubblici',
      'privacy',
      'accessibilita',
    ];
    expect(ids({ accredited: false, ets: true, stampDutyExempt: true })).toEqual(common);
    expect(ids({ accredited: true, ets: false, stampDutyExempt: false })).toEqual([
      'statuto',
      'codice-etico',
      'bilanci',
      'incarichi',
      'conflitti-di-interesse',
      'produzione-scientifica',
      'contributi-pubblici',
      'privacy',
      'accessibilita',
    ]);
  });

  describe('from the configuration', () => {
    let testApp: TestApp;
    beforeAll(async () => {
      testApp = await createTestApp('sqlite', {
        env: {
          SOCIETY_ACCREDITED: 'false',
          SOCIETY_ETS: 'true',
          SOCIETY_STAMP_DUTY_EXEMPT: 'true',
        },
      });
    });
    afterAll(async () => {
      await testApp?.close();
    });

    it('answers the page of a society that is not accredited, an ETS exempt from stamp duty', async () => {
      const page = await testApp.app.services.transparency.page();
      expect(page.status).toEqual({ accredited: false, ets: true, stampDutyExempt: true });
      expect(page.sections.map((section) => section.id)).not.toContain('incarichi');
      expect(page.sections).toHaveLength(6);
    });
  });
});
