-- The system accounts below 1000 (D2.1): the house mints and absorbs points, the official news
-- account posts raw markup, the support account answers help requests.
INSERT INTO "users" ("id", "kind", "first", "last", "username", "role", "status", "points", "created_at")
VALUES
  (1, 'system', 'Marquee', 'House', NULL, 'member', 'active', 0, now()),
  (2, 'system', 'Marquee', 'News', NULL, 'member', 'active', 0, now()),
  (3, 'system', 'Marquee', 'Support', NULL, 'member', 'active', 0, now())
ON CONFLICT ("id") DO NOTHING;
