-- A statement that must fail whole, and so roll its transaction back, when a condition it
-- computes does not hold: an order's stock statement, written to PostgreSQL with the COMMIT
-- right behind it, refuses a size that ran out or a price that moved (decision 091). The
-- reason is the error's message, under SQLSTATE KR001.
CREATE FUNCTION kitroom_refuse(reason text) RETURNS integer LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION USING ERRCODE = 'KR001', MESSAGE = reason;
END
$$;
