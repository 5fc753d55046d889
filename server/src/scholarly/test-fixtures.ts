/** The scholarly import tests' app, with the fake sources, two tenants, and the import calls. */
import { expect } from 'vitest';
import { createTestApp } from '../../test/app.ts';
import {
  giveAccount,
  jsonInit,
  makeTenant,
  makeUser,
  sessionCookie,
} from '../../test/factories.ts';
import { startScholarlyFakes } from '../../test/fakes/scholarly-sources.ts';

export const BIBTEX = `@article{watson1953,
  title   = {Molecular structure of {N}ucleic {A}cids: a structure for deoxyribose nucleic acid},
  author  = {Watson, J. D. and Crick, F. H. C.},
  journal = {Nature},
  year    = {1953},
  doi     = {https://doi.org/10.1038/171737A0}
}
@inproceedings{m{\\"u}ller2021,
  title     = {\\emph{Tardigrade} survival in M{\\"u}ller's vacuum chamber},
  author    = {M{\\"u}ller, Anna and Okonkwo, Kelechi},
  booktitle = {Proceedings of the Symposium on Extremophiles},
  year      = {2021}
}
@misc{long2020,
  title = {${'Endless '.repeat(120)}},
  year  = {2020}
}`;

export const RIS = `TY  - JOUR
TI  - Recherches sur les substances radioactives
AU  - Curie, Marie
PY  - 1903
JO  - Annales de chimie et de physique
UR  - https://example.org/curie-1903
ER  - 

TY  - JOUR
TI  - Observation of Gravitational Waves from a Binary Black Hole Merger
AU  - Abbott, B. P.
PY  - 2016
JO  - Physical Review Letters
DO  - 10.1103/PhysRevLett.116.061102
ER  - 
`;

export interface Candidate {
  id: number;
  section: string;
  entry: Record<string, unknown>;
  duplicate_of: Record<string, unknown> | null;
}

/** Starts the fake sources and an app that reads them; `close` stops both. */
export async function importsWorld() {
  const fakes = await startScholarlyFakes();
  const t = await createTestApp({ ...fakes.urls, MAIL_FROM: 'research@alpha.example.edu' });
  const tenantId = (await makeTenant(t.db, 'Alpha University')).tenantId;
  const otherTenantId = (await makeTenant(t.db, 'Beta Institute')).tenantId;

  async function member(tenant: number, firstName: string) {
    const user = await makeUser(t.db, tenant, { firstName, lastName: 'Scholar' });
    await giveAccount(t.db, tenant, user.id);
    const cookie = await sessionCookie(t.db, t.deps.config.secretKey, tenant, user.id);
    return { id: user.id, cookie };
  }
  type Member = Awaited<ReturnType<typeof member>>;

  const post = (who: Member, body: unknown, profileId = who.id) =>
    t.request(`/api/v1/profiles/${profileId}/imports`, jsonInit('POST', body, who.cookie));
  const upload = (who: Member, name: string, content: string | Uint8Array<ArrayBuffer>) => {
    const form = new FormData();
    form.append('file', new File([content], name, { type: 'application/octet-stream' }));
    return t.request(`/api/v1/profiles/${who.id}/imports`, {
      method: 'POST',
      headers: { cookie: who.cookie },
      body: form,
    });
  };
  const decide = (who: Member, cid: number, decision: 'accept' | 'reject', profileId = who.id) =>
    t.request(
      `/api/v1/profiles/${profileId}/imports/${cid}/${decision}`,
      jsonInit('POST', undefined, who.cookie),
    );
  const waiting = async (who: Member): Promise<Candidate[]> => {
    const res = await t.request(`/api/v1/profiles/${who.id}/imports`, {
      headers: { cookie: who.cookie },
    });
    expect(res.status).toBe(200);
    return (await res.json()).candidates;
  };
  const profile = async (who: Member) =>
    (await t.request(`/api/v1/profiles/${who.id}`, { headers: { cookie: who.cookie } })).json();
  const imported = async (res: Response) => {
    expect(res.status).toBe(201);
    return (await res.json()) as { candidates: Candidate[]; not_found: string[] };
  };

  return {
    t,
    fakes,
    tenantId,
    otherTenantId,
    member,
    post,
    upload,
    decide,
    waiting,
    profile,
    imported,
    async close() {
      await t.close();
      await fakes.close();
    },
  };
}

export type ImportsWorld = Awaited<ReturnType<typeof importsWorld>>;
