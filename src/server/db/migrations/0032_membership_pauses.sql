-- A member's pauses (issue 35, decision 058): weeks from a period's first day without a period,
-- invoice or quota; the periods after one are counted from its end.
ALTER TABLE "subscriptions" ADD COLUMN "pauses" jsonb DEFAULT '[]'::jsonb NOT NULL;
