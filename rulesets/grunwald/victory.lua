-- Victory (the scenarios' "Victory Conditions", L1270-1300, L1366-1382):
-- victory points for enemy units killed, leaders killed and banners
-- captured; the automatic victory when every enemy leader is killed or has
-- left the map; after the last turn, the difference of victory points read
-- on the victory scale.
--
-- The values come from the scenario's `victory { ... }` table; a scenario
-- without one (the rules tests' inline scenarios) scores with the book's
-- values and has no automatic victory.  VP are kept in the variables
-- `vp.PL` and `vp.TO`.
local M = {}

-- The book's values (both Grunwald scenarios print the same table).
M.DEFAULT = {
  leader = 16, banner = 10,
  cavalry = 4, horse_archers = 4, crossbowmen = 3, archers = 2, infantry = 1, bombards = 1,
  scale = {
    { 0, "draw" },
    { 20, "tiny victory" },
    { 40, "small victory" },
    { 70, "considerable victory" },
    { 100, "great victory" },
    { math.maxinteger, "overwhelming victory" },
  },
}

function M.table()
  return bitwa.scenario().victory or M.DEFAULT
end

-- The values `side` scores with: the table's own entry for the side when
-- the scenario prices each side differently (Legnica), else the table.
function M.values(side)
  local t = rules.victory.table()
  if side and type(t[side]) == "table" then return t[side] end
  return t
end

function M.vp(side) return bitwa.var("vp." .. side) or 0 end

function M.add(side, n, why)
  if n == 0 then return end
  bitwa.set_var("vp." .. side, rules.victory.vp(side) + n)
  bitwa.note(string.format("%s %s %d VP (%s): %d", side, n > 0 and "gains" or "loses", math.abs(n), why, rules.victory.vp(side)))
end

-- VP a kind of field unit is worth.  Horse archers are cavalry [11.5.1];
-- bombards, which the book does not price, count as infantry (1.1).
function M.value(kind, side)
  local t = rules.victory.values(side)
  local v = t[kind]
  if v == nil and kind == "horse_archers" then v = t.cavalry end
  if v == nil and kind == "bombards" then v = t.infantry end
  return v or 0
end

-- A field unit eliminated; cause.by is the side that inflicted it
-- (rules.units.eliminate calls this only for an enemy's doing).  Leaders
-- and banners score through on_leader_killed and on_banner_captured.
function M.on_elimination(u, cause)
  local by = cause and cause.by
  if not by or by == u.side then return end
  if u.kind == "leader" or u.kind == "banner" then return end
  rules.victory.add(by, rules.victory.value(u.kind, by), u.name .. " eliminated")
end

-- [8.2] a leader killed: +16 to the side that killed him (the grand leader too).
function M.on_leader_killed(leader, by)
  if not by or by == leader.side then return end
  rules.victory.add(by, rules.victory.values(by).leader, leader.name .. " killed")
end

-- [7.1.6] a fallen banner captured by an enemy regular unit: +10, once per
-- banner.  The VP stay with the captor only while the banner is his: when
-- the owner recaptures it (by == banner.side), the captor loses them again,
-- and a later capture scores anew.  So a banner is worth 10 VP to whoever
-- holds it captured, never more.
function M.on_banner_captured(banner, by)
  if not by then return end
  local key = "vp.banner." .. banner.name
  local holder = bitwa.var(key)
  if by == banner.side then
    if holder and holder ~= by then
      rules.victory.add(holder, -rules.victory.values(holder).banner, banner.name .. " recaptured")
      bitwa.set_var(key, nil)
    end
    return
  end
  if holder == by then return end
  rules.victory.add(by, rules.victory.values(by).banner, banner.name .. " captured")
  bitwa.set_var(key, by)
end

-- Whether a leader still counts for his side [A-079]: alive and on the map,
-- or not yet arrived (a reinforcement).  A leader who has left the map has
-- "escaped" even while he might still return [4.4.3].
function M.leader_present(l)
  if not l:alive() then return false end
  if l.hex ~= nil then return true end
  return l.off_map == 0
end

function M.leaders_left(side)
  local n = 0
  for _, l in ipairs(bitwa.units { side = side, kind = "leader" }) do
    if rules.victory.leader_present(l) then n = n + 1 end
  end
  return n
end

local function vp_table()
  local t = {}
  for _, s in ipairs(bitwa.sides()) do t[s] = rules.victory.vp(s) end
  return t
end

-- The level of a VP difference on the scale: the first entry whose bound
-- is at least the difference.
function M.level(diff)
  local scale = rules.victory.table().scale or M.DEFAULT.scale
  for _, e in ipairs(scale) do
    if diff <= e[1] then return e[2] end
  end
  return scale[#scale][2]
end

-- The result on points: { winner = side or "", level = ..., vp = {...} }.
function M.result()
  local sides = bitwa.sides()
  local a, b = sides[1], sides[2]
  local va, vb = rules.victory.vp(a), rules.victory.vp(b)
  local diff = math.abs(va - vb)
  local winner = ""
  if va > vb then winner = a elseif vb > va then winner = b end
  return { winner = winner, level = rules.victory.level(diff), vp = vp_table(),
           reason = string.format("%s %d VP, %s %d VP", a, va, b, vb) }
end

-- Phase 9: the automatic victory, checked at the end of each turn [A-079].
-- When both sides have lost every leader in the same turn, neither wins
-- automatically: the game ends and the points decide.
function M.end_of_turn()
  if not bitwa.scenario().victory then return end
  local gone = {}
  local n = 0
  for _, s in ipairs(bitwa.sides()) do
    if rules.victory.leaders_left(s) == 0 then gone[#gone + 1] = s; n = n + 1 end
  end
  if n == 0 then return end
  if n == 1 then
    local winner = bitwa.enemy(gone[1])
    bitwa.game_over { winner = winner, level = "automatic victory", vp = vp_table(),
                      reason = "every " .. gone[1] .. " leader is killed or has left the map" }
    return
  end
  local r = rules.victory.result()
  r.reason = "both sides have lost every leader; " .. r.reason
  bitwa.game_over(r)
end

-- After the last turn: the VP difference on the victory scale.
function M.game_end()
  bitwa.game_over(rules.victory.result())
end

return M
