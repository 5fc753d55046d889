import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSchool } from '../../test/factories.ts';
import { departments, schools } from '../db/schema-reference.ts';
import { bindTenant } from '../db/tenant-scope.ts';
import { baseBody, type ProfilesWorld, profilesWorld } from './test-fixtures.ts';

describe('PUT /profiles/{id}: school and department', () => {
  let w: ProfilesWorld;

  beforeAll(async () => {
    w = await profilesWorld();
  });
  afterAll(() => w.t.close());

  it("the department must belong to the school; another tenant's ids are 400", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ school_id: w.engineering, department_id: w.radiology }, 'department_id'],
      [{ school_id: null, department_id: w.robotics }, 'department_id'],
      [{ school_id: w.betaSchool, department_id: null }, 'school_id'],
      [{ school_id: w.engineering, department_id: w.betaDepartment }, 'department_id'],
      [{ school_id: 'x' }, 'school_id'],
    ];
    for (const [place, field] of cases) {
      const res = await w.call('PUT', `/profiles/${w.me.id}`, w.meCookie, {
        ...baseBody,
        ...place,
      });
      expect(res.status, JSON.stringify(place)).toBe(400);
      const body = await res.json();
      expect(body.details[0].field).toBe(field);
      expect(body.details[0].error).toBe(
        field === 'school_id'
          ? 'Please choose a school.'
          : 'Please choose a department of the school.',
      );
    }
    const ok = await w.call('PUT', `/profiles/${w.me.id}`, w.meCookie, {
      ...baseBody,
      school_id: w.engineering,
      department_id: w.robotics,
    });
    expect(ok.status).toBe(200);
  });

  it('keeps a deactivated school or department already saved; choosing one anew is 400', async () => {
    const alchemy = (await makeSchool(w.t.db, w.alpha.tenantId, 'Alchemy')).id;
    const transmutation = await w.makeDepartment(w.alpha.tenantId, alchemy, 'Transmutation');
    const elixirs = await w.makeDepartment(w.alpha.tenantId, alchemy, 'Elixirs');
    const drones = await w.makeDepartment(w.alpha.tenantId, w.engineering, 'Drones');
    const retiree = await w.member(w.alpha.tenantId, {
      schoolId: alchemy,
      departmentId: transmutation,
    });
    const retireeCookie = await w.cookieFor(w.alpha.tenantId, retiree.id);
    await w.t.db.transaction(async (tx) => {
      await bindTenant(tx, w.alpha.tenantId);
      await tx.update(schools).set({ isActive: false }).where(eq(schools.id, alchemy));
      await tx
        .update(departments)
        .set({ isActive: false })
        .where(inArray(departments.id, [transmutation, elixirs, drones]));
    });
    const save = (cookie: string, userId: number, place: Record<string, unknown>) =>
      w.call('PUT', `/profiles/${userId}`, cookie, { ...baseBody, ...place });
    const refusal = async (res: Response) => {
      expect(res.status).toBe(400);
      return (await res.json()).details;
    };

    const kept = await save(retireeCookie, retiree.id, {
      school_id: alchemy,
      department_id: transmutation,
    });
    expect(kept.status).toBe(200);
    expect((await kept.json()).profile).toMatchObject({
      school_id: alchemy,
      school_name: 'Alchemy',
      department_id: transmutation,
      department_name: 'Transmutation',
    });
    expect((await save(retireeCookie, retiree.id, { department_id: null })).status).toBe(200);
    expect(
      await refusal(await save(retireeCookie, retiree.id, { department_id: elixirs })),
    ).toEqual([{ field: 'department_id', error: 'Please choose a department of the school.' }]);
    expect(
      await refusal(await save(w.meCookie, w.me.id, { school_id: alchemy, department_id: null })),
    ).toEqual([{ field: 'school_id', error: 'Please choose a school.' }]);
    expect(
      await refusal(
        await save(w.meCookie, w.me.id, { school_id: w.engineering, department_id: drones }),
      ),
    ).toEqual([{ field: 'department_id', error: 'Please choose a department of the school.' }]);
    // Once left, the deactivated school cannot be chosen again.
    const moved = await save(retireeCookie, retiree.id, {
      school_id: w.engineering,
      department_id: w.robotics,
    });
    expect(moved.status).toBe(200);
    expect(
      await refusal(
        await save(retireeCookie, retiree.id, { school_id: alchemy, department_id: null }),
      ),
    ).toEqual([{ field: 'school_id', error: 'Please choose a school.' }]);
  });
});
