import { auditLog, disruptions, scheduleVersions } from '@feeddesk/drizzle';
import { recoverPlannedWorks } from '@feeddesk/server/schedule/planned-works/recover-planned-works';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.ts';

/**
 * docs/contract-notes.md "Planned works in the schedule": planned works an older release left half
 * published (the disruption written, the version not yet made current when it crashed) are never
 * carried by a later version unasked: at start they are removed, said in the audit trail, unless a
 * version holds them, when they are kept with it.
 */
describe('planned works an older release left half published', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ agencyDemo: true });
  });
  afterAll(() => t?.close());

  const works = (id: string) => ({
    id,
    createdAt: new Date(),
    reason: `works ${id}`,
    serviceDate: '20991231',
    select: {},
    action: { type: 'cancel' },
    publishAs: 'schedule',
  });

  it('removes those no version holds, keeps those one holds with it, and leaves the rest alone', async () => {
    const [current] = await t.deps.db
      .select({ id: scheduleVersions.id })
      .from(scheduleVersions)
      .where(eq(scheduleVersions.status, 'current'));
    await t.deps.db
      .update(scheduleVersions)
      .set({ plannedWorks: ['held'] })
      .where(eq(scheduleVersions.id, current!.id));
    await t.deps.db
      .insert(disruptions)
      .values([
        works('orphan'),
        works('held'),
        { ...works('published'), versionId: current!.id },
        { ...works('lifted'), liftedAt: new Date() },
        { ...works('realtime'), publishAs: 'feed' },
      ]);
    await recoverPlannedWorks(t.deps);
    const left = await t.deps.db
      .select({ id: disruptions.id, versionId: disruptions.versionId })
      .from(disruptions);
    expect(left.sort((a, b) => a.id.localeCompare(b.id))).toEqual([
      { id: 'held', versionId: current!.id },
      { id: 'lifted', versionId: null },
      { id: 'published', versionId: current!.id },
      { id: 'realtime', versionId: null },
    ]);
    const [said] = await t.deps.db.select().from(auditLog).where(eq(auditLog.entityId, 'orphan'));
    expect(said?.summary).toMatch(
      /^Removed the planned works "works orphan" of 20991231: their publish was interrupted/,
    );
  });
});
