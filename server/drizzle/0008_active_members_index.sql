-- The directory's counts by school, department or role read this index alone: users_school_idx
-- leaves out the statuses, so each counted member's row was visited (docs/decisions/0026).
CREATE INDEX "users_active_place_idx" ON "users" USING btree ("tenant_id","school_id","department_id","role_id") WHERE admin_status_id = 2 and user_status_id = 2 and not is_disabled;