CREATE INDEX "customers_mailbox" ON "customers" USING btree ((case when lower("email") ~ '@(gmail|googlemail)\.com$'
    then replace(regexp_replace(lower("email"), '(\+[^@]*)?@[^@]*$', ''), '.', '') || '@gmail.com'
    else regexp_replace(lower("email"), '\+[^@]*(@[^@]*)$', '\1') end));