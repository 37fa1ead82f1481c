-- [8.1.5] Legnica: "Death of Grand Leader (all leaders with range 3)"
-- (LG L741): a leader is a grand leader by his command range.
local M = inherit()

function M.is_grand(l)
  return rules.leaders.range(l) >= rules.tables.leaders.grand_range
end

return M
