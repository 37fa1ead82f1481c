-- [5.6.14] Legnica adds a way to slow down without turning: 2 MP more on
-- entering a hex to reduce the CF (by 1, A-034) instead of gaining it.
local M = inherit()

local base_cf_after_enter = M.cf_after_enter
local base_refuse_cost = M.refuse_cost

-- keep = "reduce": no gain for the hex and the CF 1 lower before the
-- terrain's effects; otherwise as in the English rules.
function M.cf_after_enter(u, from, to, how, keep, start_cf)
  if keep == "reduce" and rules.charge.has_cf(u) then
    local C = rules.tables.charge
    local cf = rules.arith.clamp((start_cf or u.cf) - C.reduce_by, C.min, C.max)
    return base_cf_after_enter(u, from, to, how, "keep", cf)
  end
  return base_cf_after_enter(u, from, to, how, keep, start_cf)
end

-- [5.6.13] [4.2.8] 1 MP (1/2 on a road) to keep the CF; [5.6.14] 2 MP to
-- reduce it.
function M.refuse_cost(u, from, to, keep)
  if keep == "reduce" then return rules.units.sixths(rules.tables.charge.reduce_mp) end
  return base_refuse_cost(u, from, to, keep)
end

return M
