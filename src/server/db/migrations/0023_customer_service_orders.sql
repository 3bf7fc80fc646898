-- Customer service reads the order list (issue 12): the agent-side list (/agent/order/new, catalogue
-- key order_agent) and its read permission (btn_order_list). A new tenant gets them from the menu
-- catalogue; the catalogue grants an entry only when the entry is first added, so the base
-- customer_service role of every tenant provisioned before gets them here, once.
DO $$
DECLARE
  t uuid;
BEGIN
  FOR t IN SELECT app_tenant_ids() LOOP
    PERFORM set_config('app.tenant_id', t::text, true);
    INSERT INTO role_permissions (tenant_id, role_id, permission_id)
    SELECT r.tenant_id, r.id, p.id
      FROM roles r
      JOIN permissions p ON p.tenant_id = r.tenant_id
     WHERE r.role_code = 'customer_service'
       AND r.seller_id IS NULL
       AND p.catalog_key IN ('order_agent', 'btn_order_list')
    ON CONFLICT DO NOTHING;
  END LOOP;
  PERFORM set_config('app.tenant_id', '', true);
END $$;
