import { z } from 'zod';
import { operation } from './operation.js';

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
