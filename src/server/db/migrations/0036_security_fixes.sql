-- Reserved for issue 28's security fixes, which needed no change of schema (scope filters,
-- spreadsheet cells, OAuth state, the print plugin and PDA device keys are all code). Kept so
-- the journal's numbering stays as it was when 0033-0037 were reserved together.
select 1;
