import { type ImportColumn, importColumns } from '@kindling/contract';

const quoted = (cell: string) => (/[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);

const examples: Partial<Record<ImportColumn, string>>[] = [
  {
    first_name: 'Ada',
    last_name: 'Lovelace',
    email: 'ada.lovelace@example.edu',
    role: 'Faculty',
    headline: 'Professor of Computing',
    location: 'London',
    bio: 'Works on analytical engines.\n\nWrites the first programs.',
    linkedin_url: 'https://www.linkedin.com/in/ada-lovelace',
    google_scholar_url: 'https://scholar.google.com/citations?user=ADA123',
    faculty_page_url: 'example.edu/people/ada',
    education: JSON.stringify([
      {
        institution: 'University of London',
        degree: 'Mathematics',
        start_year: 2001,
        end_year: 2005,
        activities: '',
      },
    ]),
    experience: JSON.stringify([
      {
        title: 'Professor',
        organization: 'Example University',
        employment_type: 'Full-time',
        start_date: '2020-09-01',
        end_date: null,
        description: '',
      },
    ]),
    publications: JSON.stringify([
      {
        title: 'Notes on the Analytical Engine',
        authors: 'A. Lovelace',
        year: 2010,
        citations: 120,
      },
    ]),
    grants: JSON.stringify([
      {
        organization: 'Royal Society',
        grant_number: 'RS-2012',
        title: 'Engines',
        description: '',
      },
    ]),
  },
  {
    first_name: 'Alan',
    last_name: 'Turing',
    email: 'alan.turing@example.edu',
    role: '1',
    location: 'Manchester',
    patents: JSON.stringify([
      { title: 'Computing machine', patent_number: 'GB 123456', issue_date: '2015-01-31' },
    ]),
    projects: JSON.stringify([
      {
        title: 'Morphogenesis',
        start_date: '2016-01-01',
        end_date: '2018-12-31',
        description: 'Patterns in nature.',
      },
    ]),
  },
];

/**
 * The template a console user downloads: the header row and two example people, one with every
 * column filled. The columns' rules are on the import screen (contract importColumnHelp).
 */
export function templateCsv(): string {
  const lines = [
    importColumns.join(','),
    ...examples.map((row) => importColumns.map((column) => quoted(row[column] ?? '')).join(',')),
  ];
  return `${lines.join('\r\n')}\r\n`;
}
