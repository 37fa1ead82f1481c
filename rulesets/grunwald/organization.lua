-- [13.0] Units organization (complementary rules): every unit may be
-- assigned to a leader (`leader` = his name), as the scenario gives it:
-- banners (`banner_group`, cavalry only [13.1.1]-[13.1.3]) as wholes
-- [13.1.5], infantry and Tatar units one by one [13.1.6], Tatars only to
-- Lithuanian leaders [13.1.7].  The assignment
-- is what fatigue [14.1.1] and a leader's death [8.1.4] read.
-- Also the leaders' command ranges [8.0], which are not complementary.
local M = {}

-- Tatar units: nation "tatars", or horse archers with no nation given
-- (the book's horse archers are the Tatars, 11.5).
function M.is_tatar(u)
  if u.nation ~= "" then return u.nation == "tatars" end
  return u.kind == "horse_archers"
end

-- The leader a unit is assigned to, or nil.
function M.leader_of(u)
  if u.leader == "" then return nil end
  local l = bitwa.unit(u.leader)
  if l and rules.units.is_leader(l) then return l end
  return nil
end

-- The units assigned to a leader [13.1.5] (on the map or not), in id order.
function M.units_of(leader)
  local name = type(leader) == "string" and leader or leader.name
  return bitwa.units { where = function(u) return rules.units.is_field(u) and u.leader == name end }
end

function M.setup()
  -- [8.0] command ranges: grand leader 3, other leaders 2, unless the scenario gives one
  local R = rules.tables.leaders.range
  for _, l in ipairs(bitwa.units { kind = "leader" }) do
    if l.range == 0 then l.range = l.grand and R.grand_leader or R.leader end
  end
  if not bitwa.option("complementary") then return end
  local banners = {}   -- "side/banner" -> the first unit of that banner
  local function whose(x) return x.leader == "" and "no leader" or x.leader end
  for _, u in ipairs(bitwa.units { where = rules.units.is_field }) do
    if u.banner_group ~= "" then
      if rules.organization.is_tatar(u) or not rules.units.is_cavalry(u) then
        refuse("13.1.3", u.name .. " is in banner '" .. u.banner_group ..
          "': Tatar and infantry units are not divided into banners")
      end
      local key = u.side .. "/" .. u.banner_group
      local first = banners[key]
      if not first then
        banners[key] = u
      elseif first.leader ~= u.leader then
        refuse("13.1.5", u.name .. " serves " .. whose(u) .. " but " .. first.name .. " of its banner '" ..
          u.banner_group .. "' serves " .. whose(first) .. ": a banner is assigned to a leader as a whole")
      end
    end
    if u.leader ~= "" then
      local l = rules.organization.leader_of(u)
      if not l then
        refuse("13.1.5", u.name .. " is assigned to '" .. u.leader .. "', who is not a leader of the scenario")
      end
      if l.side ~= u.side then
        refuse("13.1.5", u.name .. " is assigned to " .. l.name .. ", a leader of the other side")
      end
      if rules.organization.is_tatar(u) and l.nation ~= "lithuanians" then
        refuse("13.1.7", u.name .. " is a Tatar unit assigned to " .. l.name ..
          ", who is not a Lithuanian leader (nation '" .. l.nation .. "')")
      end
    end
  end
end

return M
