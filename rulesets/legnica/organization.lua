-- [12.0] Units organization in Legnica: "each commander has certain
-- number of units assigned" [12.1.1], set by the scenario [12.1.2] and
-- fixed for the game [12.1.3].  No banners of 2-6 counters and no Tatars
-- (the English 13.1.1-13.1.7): the horse archers are the Mongols' own.
local M = inherit()

function M.is_tatar(u) return false end

function M.setup()
  -- [8.0] command ranges: grand leader 3, other leaders 2, unless the scenario gives one
  local R = rules.tables.leaders.range
  for _, l in ipairs(bitwa.units { kind = "leader" }) do
    if l.range == 0 then l.range = l.grand and R.grand_leader or R.leader end
  end
  if not bitwa.option("complementary") then return end
  for _, u in ipairs(bitwa.units { where = rules.units.is_field }) do
    if u.leader ~= "" then
      local l = rules.organization.leader_of(u)
      if not l then
        refuse("=12.1.2", u.name .. " is assigned to '" .. u.leader .. "', who is not a leader of the scenario")
      end
      if l.side ~= u.side then
        refuse("=12.1.2", u.name .. " is assigned to " .. l.name .. ", a leader of the other side")
      end
    end
  end
end

return M
