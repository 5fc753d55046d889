import { importColumns } from '@kindling/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvOf, type ImportsWorld, importsWorld, person } from './test-fixtures.ts';

describe('bulk onboarding: the template and the preview', () => {
  let w: ImportsWorld;

  beforeAll(async () => {
    w = await importsWorld();
  });
  afterAll(() => w.t.close());

  it('is 403 without the admin permission and 401 without a session', async () => {
    for (const [method, path] of [
      ['GET', '/admin/imports/template.csv'],
      ['POST', '/admin/imports/preview'],
      ['POST', '/admin/imports'],
    ] as const) {
      const init = (cookie?: string): RequestInit => ({
        method,
        headers: { 'content-type': 'text/csv', ...(cookie ? { cookie } : {}) },
        ...(method === 'POST' ? { body: csvOf(person(1)) } : {}),
      });
      expect((await w.t.request(`/api/v1${path}`, init(w.member))).status, path).toBe(403);
      expect((await w.t.request(`/api/v1${path}`, init())).status, path).toBe(401);
    }
  });

  it('serves a template whose example rows preview cleanly', async () => {
    const res = await w.t.request('/api/v1/admin/imports/template.csv', {
      headers: { cookie: w.admin },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toContain('attachment');
    const text = await res.text();
    expect(text.split('\r\n')[0]).toBe(importColumns.join(','));
    const answer = await w.preview(w.admin, text);
    expect(answer).toMatchObject({ rows: 2, new: 2, update: 0, error: 0, errors: [] });
    expect(answer.sample.map((s) => s.role)).toEqual(['Faculty', 'Student']);
  });

  it('previews per-row errors with the row numbers a spreadsheet shows, writing nothing', async () => {
    const csv = csvOf(
      person(1, ',School of Engineering,Robotics,Engineer'),
      'X,Valid,bad-email,Nobody',
      'Ann,Other,ann@alpha.edu,Astronaut',
      'Bob,Other,bob@alpha.edu,Student,Nowhere',
      'Cy,Other,cy@alpha.edu,Student,Old College',
      'Di,Other,di@alpha.edu,Student,School of Engineering,Optics',
      'Ed,Other,ed@alpha.edu,Student,,Robotics',
      'Fay,Other,fay@alpha.edu,Student,,,,not json',
      'Gus,Other,gus@alpha.edu,Student,,,,"[{""degree"":""BSc""}]"',
      'Hal,Other,P1@alpha.edu,2',
      'Ivy,Other,ivy@alpha.edu,Student,,,,,,extra',
      'Jo,Other,jo@alpha.edu,Student,,,Head\u0000line',
    );
    const answer = await w.preview(w.admin, csv);
    expect(answer).toMatchObject({ rows: 12, new: 1, update: 0, error: 11 });
    const byRow = Object.fromEntries(answer.errors.map((e) => [e.row, e.details]));
    expect(byRow[3]).toEqual([
      { field: 'first_name', error: expect.any(String) },
      { field: 'email', error: 'Please enter a valid email address.' },
      { field: 'role', error: expect.stringContaining("There is no role 'Nobody'") },
    ]);
    expect(byRow[4]?.[0]).toEqual({
      field: 'role',
      error:
        "There is no role 'Astronaut'; the roles are Student, Faculty, Staff, Industry partner.",
    });
    expect(byRow[5]?.[0]?.field).toBe('school');
    expect(byRow[6]?.[0]?.error).toBe("The school 'Old College' is deactivated.");
    expect(byRow[7]?.[0]?.error).toBe("The department 'Optics' is deactivated.");
    expect(byRow[8]?.[0]?.error).toBe('Name the school of the department too.');
    expect(byRow[9]?.[0]).toEqual({
      field: 'education',
      error: 'Education must be a JSON list, such as [{…}].',
    });
    expect(byRow[10]?.[0]).toEqual({
      field: 'education',
      error: 'Entry 1: Institution is required',
    });
    expect(byRow[11]?.[0]).toEqual({ field: 'email', error: 'This e-mail is already on row 2.' });
    expect(byRow[12]?.[0]?.field).toBe('row');
    expect(byRow[13]).toEqual([{ field: 'headline', error: 'headline must be plain text.' }]);
    expect(answer.sample).toEqual([
      {
        row: 2,
        action: 'new',
        first_name: 'Person',
        last_name: 'NumberB',
        email: 'p1@alpha.edu',
        role: 'Student',
        school: 'School of Engineering',
        department: 'Robotics',
      },
    ]);
    expect(await w.personByEmail('p1@alpha.edu')).toBeUndefined();
  });

  it('refuses a wrong header, a wrong type, broken CSV and an oversized body clearly', async () => {
    const unknown = await w.upload(
      '/admin/imports/preview',
      w.admin,
      'first_name,last_name,email,role,shoe_size\n',
    );
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).message).toContain("Unknown column 'shoe_size'.");
    const missing = await w.upload(
      '/admin/imports/preview',
      w.admin,
      'first_name,email\nA,b@c.de\n',
    );
    expect((await missing.json()).message).toBe('The file needs the columns last_name, role.');
    const json = await w.upload('/admin/imports/preview', w.admin, '{}', 'application/json');
    expect(json.status).toBe(400);
    expect((await json.json()).message).toBe('Send the file as text/csv.');
    const broken = await w.upload(
      '/admin/imports/preview',
      w.admin,
      csvOf(person(1), 'A,"B,c@d.ef,Student\n'),
    );
    expect(broken.status).toBe(400);
    expect((await broken.json()).message).toContain('The file is not valid CSV after row 2');
    const empty = await w.upload('/admin/imports/preview', w.admin, '');
    expect(empty.status).toBe(400);
    const huge = await w.upload(
      '/admin/imports/preview',
      w.admin,
      'x'.repeat(10 * 1024 * 1024 + 1),
    );
    expect(huge.status).toBe(413);
  });
});
