import type {
  AdminPage,
  AdminSponsorshipRequest,
  AdminSponsorshipSummary,
} from '@sodalis/contracts';
import { describe, expect, it } from 'vitest';
import { staffSite } from '../../helpers/staff-api.js';
import { fixedClock, testEngines } from '../../helpers/test-app.js';

describe.each(testEngines())('back office: sponsorship requests on %s', (engine) => {
  const staff = staffSite(engine, { clock: fixedClock('2026-11-22') });

  it('reads sponsorship requests, downloads their files and marks them handled with who and when', async () => {
    const page = await staff.ok<AdminPage<AdminSponsorshipSummary>>(
      staff.call('GET', '/SponsorshipRequests?status=received'),
    );
    expect(page.total).toBeGreaterThan(0);
    const summary = page.items.find((item) => item.attachmentCount > 0);
    expect(summary).toBeDefined();
    const request = await staff.ok<AdminSponsorshipRequest>(
      staff.call('GET', `/SponsorshipRequests/${summary?.id}`),
    );
    const file = request.attachments[0];
    const download = await staff.call(
      'GET',
      `/SponsorshipRequests/${request.id}/Files/${file?.id}`,
    );
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // A file of another owner, or an unknown one, is not served through this request.
    expect(
      (await staff.call('GET', `/SponsorshipRequests/${request.id + 1000}/Files/${file?.id}`))
        .statusCode,
    ).toBe(404);

    const handled = await staff.ok<AdminSponsorshipRequest>(
      staff.call('PUT', `/SponsorshipRequests/${request.id}`, { status: 'approved' }),
    );
    expect(handled).toMatchObject({
      status: 'approved',
      handledBy: 'segreteria.demo@example.org',
      handledAt: '2026-11-22T12:00:00.000Z',
    });
    expect(await staff.lastAudit('sponsorship')).toMatchObject({
      action: 'gestisce',
      entityId: String(request.id),
      before: { stato: 'ricevuta' },
      after: { stato: 'approvata' },
    });
    const reopened = await staff.ok<AdminSponsorshipRequest>(
      staff.call('PUT', `/SponsorshipRequests/${request.id}`, { status: 'received' }),
    );
    expect(reopened).toMatchObject({ status: 'received', handledBy: null, handledAt: null });
    expect(
      (await staff.call('PUT', `/SponsorshipRequests/${request.id}`, { status: 'boh' })).statusCode,
    ).toBe(400);
  });
});
