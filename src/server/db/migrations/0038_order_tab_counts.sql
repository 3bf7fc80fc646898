-- Reserved slot (0038_order_tab_counts); replaced by the change that needs it, or left as an intentional no-op.
select 1;
