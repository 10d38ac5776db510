// The member directory's calls (spec 3): the job titles and locations members choose from.
export {};
