-- Reserved slot (0040_small_fixes); replaced by the change that needs it, or left as an intentional no-op.
select 1;
