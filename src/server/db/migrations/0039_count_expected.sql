-- Reserved slot (0039_count_expected); replaced by the change that needs it, or left as an intentional no-op.
select 1;
