-- [13] Fatigue in Legnica (complementary rules): a leader's fatigue also
-- rises when any unit under him has a CF above 0 [13.1.4] (checked in
-- phase 9, A-074); when it did not rise, his player MAY lower it by 1
-- [13.1.5] (the English rules lower it by themselves); above 12, each of
-- his units rolls a die before it acts and scatters below 4 [13.2.1]
-- [13.2.2] instead of fighting as disorganized.  Horse archers are not
-- influenced by fatigue [10.5.11]: they neither raise it nor roll.
local M = inherit()

local function exempt(u) return u.kind == "horse_archers" end

-- [13.1.4] a unit under the leader has a CF above 0.
function M.charging(leader)
  for _, u in ipairs(rules.organization.units_of(leader)) do
    if u:alive() and u.hex ~= nil and not exempt(u) and u.cf > 0 then return u end
  end
  return nil
end

-- +1 [13.1.3] [13.1.4], or -1 when the player lowers it [13.1.5], or 0.
function M.change(leader)
  local F = rules.tables.fatigue
  if leader.active then return F.step end
  local u = rules.fatigue.charging(leader)
  if u then
    bitwa.note(leader.name .. ": " .. u.name .. " has CF " .. u.cf .. " (=13.1.4)")
    return F.step
  end
  if leader.fatigue <= F.min or leader.hex == nil then return 0 end
  local choice = bitwa.decide { side = leader.side, kind = "fatigue", options = { "lower", "keep" },
    prompt = leader.name .. "'s fatigue did not rise this turn: lower it from " .. leader.fatigue ..
      " by 1 (=13.1.5)?" }
  if choice == "lower" then return -F.step end
  return 0
end

-- No English 14.2.1: fatigue never makes a unit fight disorganized here.
function M.fights_disorganized(u) return false end

-- [13.2.1] [13.2.2] At the start of side's movement phase for `arm`: one
-- die for each unit of that arm on the map under a leader whose fatigue is
-- above 12; below 4 it scatters.
function M.start_of_movement(side, arm)
  local F = rules.tables.fatigue
  for _, u in ipairs(rules.units.field_units(side)) do
    if (arm == "cavalry") == rules.units.is_cavalry(u) and not exempt(u) then
      local l = rules.organization.leader_of(u)
      if l and l:alive() and l.fatigue > F.scatter_above then
        local roll = bitwa.roll(1, 6, "fatigue (=13.2.1)", function(t) return t < F.scatter_below end, u.side)
        if roll < F.scatter_below then
          rules.scatter.scatter(u, "=13.2.1: " .. l.name .. "'s fatigue " .. l.fatigue .. ", roll " .. roll)
        else
          bitwa.note(string.format("%s: fatigue roll %d, no effect (=13.2.1)", u.name, roll))
        end
      end
    end
  end
end

return M
