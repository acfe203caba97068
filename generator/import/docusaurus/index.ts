// `site import docusaurus`: read a Docusaurus project, plan the content tree, write it.
export { readDocusaurusProject, NotDocusaurusError } from './read-project.ts';
export { planImport, type ImportPlan } from './plan.ts';
export { writePlan, ContentExistsError } from './write-plan.ts';
export { formatReportItem, sortReport, summarize, type ReportItem } from './report.ts';
