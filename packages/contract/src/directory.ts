import { z } from 'zod';
import { operation } from './operation.js';
import { wholeNumber } from './common.js';

// The member directory's calls (spec 3): the job titles and locations members choose from.

export interface JobType {
  job_title: string;
  job_title_plural: string;
}

/**
 * The trades of film and TV a member can name as their jobs (spec 2 §5 Jobs), with the plural the
 * directory lists them under. Chosen for this product; kept in docs/domain.md.
 */
export const JOB_TYPES: readonly JobType[] = [
  ['Actor', 'Actors'],
  ['Voice Actor', 'Voice Actors'],
  ['Stunt Performer', 'Stunt Performers'],
  ['Dancer', 'Dancers'],
  ['Host / Presenter', 'Hosts / Presenters'],
  ['Comedian', 'Comedians'],
  ['Model', 'Models'],
  ['Director', 'Directors'],
  ['Assistant Director', 'Assistant Directors'],
  ['Producer', 'Producers'],
  ['Executive Producer', 'Executive Producers'],
  ['Showrunner', 'Showrunners'],
  ['Writer', 'Writers'],
  ['Story Editor', 'Story Editors'],
  ['Casting Director', 'Casting Directors'],
  ['Cinematographer', 'Cinematographers'],
  ['Camera Operator', 'Camera Operators'],
  ['Gaffer', 'Gaffers'],
  ['Grip', 'Grips'],
  ['Editor', 'Editors'],
  ['Colorist', 'Colorists'],
  ['Visual Effects Artist', 'Visual Effects Artists'],
  ['Animator', 'Animators'],
  ['Composer', 'Composers'],
  ['Sound Designer', 'Sound Designers'],
  ['Sound Mixer', 'Sound Mixers'],
  ['Production Designer', 'Production Designers'],
  ['Art Director', 'Art Directors'],
  ['Set Decorator', 'Set Decorators'],
  ['Costume Designer', 'Costume Designers'],
  ['Makeup Artist', 'Makeup Artists'],
  ['Hair Stylist', 'Hair Stylists'],
  ['Stunt Coordinator', 'Stunt Coordinators'],
  ['Choreographer', 'Choreographers'],
  ['Script Supervisor', 'Script Supervisors'],
  ['Production Manager', 'Production Managers'],
  ['Location Manager', 'Location Managers'],
  ['Production Assistant', 'Production Assistants'],
  ['Talent Agent', 'Talent Agents'],
  ['Talent Manager', 'Talent Managers'],
  ['Publicist', 'Publicists'],
  ['Acting Coach', 'Acting Coaches'],
  ['Entertainment Attorney', 'Entertainment Attorneys'],
  ['Distributor', 'Distributors'],
  ['Festival Programmer', 'Festival Programmers'],
  ['Photographer', 'Photographers'],
  ['Musician', 'Musicians'],
  ['Film Student', 'Film Students'],
].map(([job_title, job_title_plural]) => ({
  job_title: job_title as string,
  job_title_plural: job_title_plural as string,
}));

/**
 * Where members work: the production centres of film and TV, then catch-alls by region
 * (docs/domain.md). A fixed list so that the directory can group members reliably.
 */
export const LOCATIONS: readonly string[] = [
  'Los Angeles, CA',
  'New York, NY',
  'Atlanta, GA',
  'Chicago, IL',
  'Austin, TX',
  'Dallas, TX',
  'Houston, TX',
  'Albuquerque, NM',
  'New Orleans, LA',
  'Nashville, TN',
  'Miami, FL',
  'Orlando, FL',
  'Wilmington, NC',
  'Savannah, GA',
  'San Francisco, CA',
  'San Diego, CA',
  'Seattle, WA',
  'Portland, OR',
  'Las Vegas, NV',
  'Phoenix, AZ',
  'Denver, CO',
  'Salt Lake City, UT',
  'Boston, MA',
  'Philadelphia, PA',
  'Pittsburgh, PA',
  'Washington, DC',
  'Detroit, MI',
  'Minneapolis, MN',
  'Honolulu, HI',
  'Vancouver, BC',
  'Toronto, ON',
  'Montreal, QC',
  'Calgary, AB',
  'London, UK',
  'Manchester, UK',
  'Glasgow, UK',
  'Dublin, Ireland',
  'Paris, France',
  'Berlin, Germany',
  'Madrid, Spain',
  'Rome, Italy',
  'Prague, Czech Republic',
  'Budapest, Hungary',
  'Mumbai, India',
  'Lagos, Nigeria',
  'Cape Town, South Africa',
  'Sydney, Australia',
  'Melbourne, Australia',
  'Auckland, New Zealand',
  'Wellington, New Zealand',
  'Mexico City, Mexico',
  'Seoul, South Korea',
  'Tokyo, Japan',
  'Elsewhere in the US',
  'Elsewhere in Canada',
  'Elsewhere in Europe',
  'Elsewhere in the world',
];

/** directory/fetchSelectionOptions (spec 2 §7): the choices of the profile's Edit modal and the directory. */
export const fetchSelectionOptions = operation<{
  status: 'success';
  types: JobType[];
  locations: string[];
}>()({
  method: 'GET',
  path: 'directory/fetchSelectionOptions',
  audience: 'member',
  input: z.object({}),
});

/** Members shown on one page of results (docs/domain.md DR4): a grid of 1, 2, 3 or 4 columns fills evenly. */
export const DIRECTORY_PAGE_SIZE = 12;

/** spec 3 §8: the text of a search that finds nobody. */
export const DIRECTORY_EMPTY = 'No members were found that meet that criteria. Try another search!';
/** spec 3 §5: a search needs both a type and a location. */
export const DIRECTORY_NEEDS_BOTH =
  'Please choose both a type of member and a location to search the directory.';
export const DIRECTORY_UNKNOWN_TYPE = 'Please choose a type of member from the list.';
export const DIRECTORY_UNKNOWN_LOCATION = 'Please choose a location from the list.';
export const DIRECTORY_NO_SUCH_PAGE = 'There is no such page of results.';

/** One member in the results (spec 3 §3 Directory user). */
export interface DirectoryUser {
  id: number;
  full_name: string;
  /** The member's job titles in their order, joined with ' · ' (as on their profile, docs/domain.md DR5). */
  desc_line: string;
  /** The 80 px thumbnail of the member's default picture, or null for the no-photo image (spec 3 §7). */
  avatar: string | null;
}

const JOB_TITLE_SET = new Set(JOB_TYPES.map((t) => t.job_title));
const LOCATION_SET = new Set(LOCATIONS);

/**
 * directory/fetchResults (spec 3 §7, POST form): one page of the members of a type (a job title of
 * JOB_TYPES) in a location (LOCATIONS), most recently active first (D12.2). `page` counts from 0, as
 * the spec's pagers do (docs/domain.md DR4).
 */
export const fetchResults = operation<{
  status: 'success';
  users: DirectoryUser[];
  /** Pages of results there are; 0 when nobody matches. */
  pageCount: number;
}>()({
  method: 'POST',
  path: 'directory/fetchResults',
  audience: 'member',
  input: z
    .object({
      type: z.string({ error: DIRECTORY_UNKNOWN_TYPE }).trim().default(''),
      location: z.string({ error: DIRECTORY_UNKNOWN_LOCATION }).trim().default(''),
      page: wholeNumber(
        z
          .number({ error: DIRECTORY_NO_SUCH_PAGE })
          .int({ error: DIRECTORY_NO_SUCH_PAGE })
          .min(0, { error: DIRECTORY_NO_SUCH_PAGE })
          .max(10_000, { error: DIRECTORY_NO_SUCH_PAGE })
          .default(0),
      ),
    })
    .superRefine((v, ctx) => {
      // spec 3 §5: both are needed; a value the lists do not hold is refused by name (DR1).
      if (!v.type || !v.location) {
        ctx.addIssue({ code: 'custom', path: [v.type ? 'location' : 'type'], message: DIRECTORY_NEEDS_BOTH });
        return;
      }
      if (!JOB_TITLE_SET.has(v.type))
        ctx.addIssue({ code: 'custom', path: ['type'], message: DIRECTORY_UNKNOWN_TYPE });
      if (!LOCATION_SET.has(v.location))
        ctx.addIssue({ code: 'custom', path: ['location'], message: DIRECTORY_UNKNOWN_LOCATION });
    }),
});
