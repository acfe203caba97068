// `site import docusaurus`: read a Docusaurus project, plan the content tree, write it.

export { type ImportPlan, planImport } from './plan.ts';
export { NotDocusaurusError, readDocusaurusProject } from './read-project.ts';
export { formatReportItem, type ReportItem, sortReport, summarize } from './report.ts';
export { type UrlOutcome, urlTotals } from './url-report.ts';
export { ContentExistsError, writePlan } from './write-plan.ts';
