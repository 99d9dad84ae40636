import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpClient } from '../support/http-client.ts';
import { ADMIN, startTestApp, type TestApp } from '../support/test-app.ts';

type Template = {
  id: string;
  name: string;
  action: string | null;
  effect: string;
  texts: Record<string, { headerText: string; descriptionText: string; url: string }>;
  completeness: { language: string; header: boolean; description: boolean; url: boolean }[];
};

describe('alert templates', () => {
  let t: TestApp;
  let admin: HttpClient;
  let controller: HttpClient;
  beforeAll(async () => {
    t = await startTestApp();
    admin = t.client();
    await admin.login(ADMIN.username, ADMIN.password);
    controller = await t.clientWithRoles(['view', 'edit'], 'controller');
  });
  afterAll(() => t?.close());

  const list = async (client = controller): Promise<Template[]> =>
    (await client.trpc('query', 'alertTemplates.list')).body.result.data;
  const closure = {
    name: 'Station closed',
    cause: 'MAINTENANCE',
    effect: 'NO_SERVICE',
    severity: 'WARNING',
    texts: {
      'en-ZA': {
        headerText: '{stop} closed',
        descriptionText: 'Trains do not stop at {stop} until {until}.',
        url: '',
      },
      'af-ZA': { headerText: '{stop} gesluit', descriptionText: '', url: 'https://example.org/af' },
      'zu-ZA': { headerText: ' ', descriptionText: ' ', url: '' },
    },
  };

  it('keeps the disruption texts of before as one template per action, in English en-ZA', async () => {
    const templates = await list();
    expect(templates.map((tpl) => [tpl.id, tpl.action, tpl.effect, Object.keys(tpl.texts)])).toEqual([
      // replace_by_bus has its own template from the start.
      ['disruption-replace_by_bus', 'replace_by_bus', 'MODIFIED_SERVICE', ['en-ZA']],
      ['disruption-delay', 'delay', 'SIGNIFICANT_DELAYS', ['en-ZA']],
      ['disruption-pick_up_only', 'pick_up_only', 'MODIFIED_SERVICE', ['en-ZA']],
      ['disruption-change_platform', 'change_platform', 'STOP_MOVED', ['en-ZA']],
      ['disruption-delete', 'delete', 'MODIFIED_SERVICE', ['en-ZA']],
      ['disruption-set_down_only', 'set_down_only', 'MODIFIED_SERVICE', ['en-ZA']],
      ['disruption-cancel', 'cancel', 'NO_SERVICE', ['en-ZA']],
      ['disruption-skip_stop', 'skip_stop', 'NO_SERVICE', ['en-ZA']],
      ['disruption-short_turn_start', 'short_turn_start', 'REDUCED_SERVICE', ['en-ZA']],
      ['disruption-short_turn_end', 'short_turn_end', 'REDUCED_SERVICE', ['en-ZA']],
    ]);
    // The seeded header names the trains: it does not read as if the whole route were cancelled.
    expect(templates.find((tpl) => tpl.action === 'cancel')!.texts['en-ZA']!.headerText).toBe(
      '{route}: trains {trains} cancelled',
    );
  });

  it('lets an admin create a template and shows per language what is written and what is missing', async () => {
    const saved = await admin.trpc('mutation', 'alertTemplates.save', closure);
    expect(saved.status).toBe(200);
    const created = (await list()).find((tpl) => tpl.name === 'Station closed')!;
    expect(created.id).toBe(saved.body.result.data.id);
    // A language with nothing written is not kept.
    expect(Object.keys(created.texts).sort()).toEqual(['af-ZA', 'en-ZA']);
    expect(created.completeness.map((c) => [c.language, c.header, c.description, c.url])).toEqual([
      ['en-ZA', true, true, false],
      ['af-ZA', true, false, true],
      ['xh-ZA', false, false, false],
      ['zu-ZA', false, false, false],
      ['nd', false, false, false],
      ['st', false, false, false],
      ['ts', false, false, false],
      ['tn', false, false, false],
      ['ve', false, false, false],
    ]);
  });

  it('refuses a second template of the same name with 409', async () => {
    const again = await admin.trpc('mutation', 'alertTemplates.save', closure);
    expect(again.status).toBe(409);
    expect(again.body.error.data.appCode).toBe('alert_template_name_taken');
    expect(again.body.error.message).toBe(
      'A template named "Station closed" exists already; choose another name or edit that one.',
    );
  });

  it('moves a disruption action to the template that takes it', async () => {
    const created = (await list()).find((tpl) => tpl.name === 'Station closed')!;
    const res = await admin.trpc('mutation', 'alertTemplates.save', {
      ...closure,
      id: created.id,
      action: 'skip_stop',
    });
    expect(res.status).toBe(200);
    const byAction = Object.fromEntries((await list()).map((tpl) => [tpl.id, tpl.action]));
    expect(byAction[created.id]).toBe('skip_stop');
    expect(byAction['disruption-skip_stop']).toBeNull();
  });

  it('lets controllers read templates but only admins change them', async () => {
    expect((await controller.trpc('mutation', 'alertTemplates.save', { ...closure, name: 'x' })).status).toBe(
      403,
    );
    expect(
      (await controller.trpc('mutation', 'alertTemplates.delete', { id: 'disruption-delay' })).status,
    ).toBe(403);
    const viewer = await t.clientWithRoles(['view']);
    expect((await viewer.trpc('query', 'alertTemplates.list')).status).toBe(403);
  });

  it('deletes a template with its texts; an unknown one is 404', async () => {
    expect((await admin.trpc('mutation', 'alertTemplates.delete', { id: 'disruption-delay' })).status).toBe(
      200,
    );
    expect((await list()).map((tpl) => tpl.id)).not.toContain('disruption-delay');
    const gone = await admin.trpc('mutation', 'alertTemplates.delete', { id: 'disruption-delay' });
    expect(gone.status).toBe(404);
    expect(gone.body.error.data.appCode).toBe('alert_template_not_found');
  });
});
