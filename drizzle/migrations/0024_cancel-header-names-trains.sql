-- Hand-written: the seeded header of a cancellation names the trains ("Local: trains 303, 305
-- cancelled"), so it no longer reads as if the whole route were cancelled. A header an admin
-- already changed is kept.
UPDATE "alert_template_texts" SET "header_text" = '{route}: trains {trains} cancelled'
WHERE "template_id" = 'disruption-cancel' AND "header_text" = '{route}: trains cancelled';
