CREATE INDEX "customer_sessions_customer" ON "customer_sessions" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "email_outbox_to" ON "email_outbox" USING btree (lower("to"));--> statement-breakpoint
CREATE INDEX "waitlist_entries_mailbox_key" ON "waitlist_entries" USING btree ((case when lower("mailbox") ~ '@(gmail|googlemail)\.com$'
    then replace(regexp_replace(lower("mailbox"), '(\+[^@]*)?@[^@]*$', ''), '.', '') || '@gmail.com'
    else regexp_replace(lower("mailbox"), '\+[^@]*(@[^@]*)$', '\1') end));