-- [1.5] Legnica: "Maximum and minimum combat ratio from COMBAT table can
-- never be exceeded" (LG L193): the ratio is held to the table after the
-- attacker's shifts and again after the defender's (example b: 6:1 +7 ->
-- 9:1, -2 -> 7:1), where the English rules clamp once at the end.
local M = inherit()

function M.final_column(initial, att_cm, def_cm)
  local A, last = rules.arith, #rules.tables.columns
  local after_attacker = A.clamp(A.shift(A.clamp(initial, 1, last), att_cm, 0), 1, last)
  return A.clamp(A.shift(after_attacker, 0, def_cm), 1, last)
end

return M
