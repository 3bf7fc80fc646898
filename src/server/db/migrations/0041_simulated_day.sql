-- Reserved slot (0041_simulated_day); replaced by the change that needs it, or left as an intentional no-op.
select 1;
