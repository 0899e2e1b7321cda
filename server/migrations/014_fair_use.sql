-- Error reports are pruned by age and count (server/routes/errors.ts): oldest first.
CREATE INDEX error_reports_created_at ON error_reports (created_at);
