-- [15.0] Pikemen.  A player may put a pike token (P) in place of one of his
-- infantry units that is within command range of one of his commanders
-- (modifier 2 -> 4 hexes, 1 -> 3, 0 -> 2), once a stage [15.12] (A-111:
-- in the player's own movement or attack phase), from the scenario's
-- stock of pike tokens (pikes.stock.SIDE, 15.11).  The unit keeps its
-- identity: its kind becomes "pikes" and its MP the token's (scenario data
-- pike_mp, an estimate); it moves and fights by the normal rules [15.13],
-- except that its own side's units may not pass through it [15.14] and the
-- cavalry does not double against it (6.19, A-112).  Back to infantry
-- formation costs 1 MP in the own movement phase [15.15].  A pike unit
-- forced to retreat is dispersed, with the SP it has left (rule C).
local M = {}

local function stamp(side) return "pikes.changed." .. side end

function M.plan(side, u)
  if u.side ~= side then refuse("15.12", u.name .. " is not " .. side .. "'s") end
  if u.kind ~= "infantry" or u.hex == nil then refuse("15.12", "only an infantry unit on the map takes a pike formation") end
  if (bitwa.var("pikes.stock." .. side) or 0) <= 0 then refuse("15.11", side .. " has no pike token left") end
  if bitwa.var(stamp(side)) == bitwa.turn() then refuse("15.12", "one change to pikes a stage") end
  local reach = false
  for _, c in ipairs(bitwa.units { side = side, kind = "commander" }) do
    local r = rules.tables.command_range[c.command] or rules.tables.command_range[0]
    if c.hex ~= nil and bitwa.hex.distance(c.hex, u.hex) <= r then reach = true end
  end
  if not reach then refuse("15.12", u.name .. " is out of every commander's command range") end
  return true
end

function M.form(side, u)
  rules.pikemen.plan(side, u)
  bitwa.set_var("pikes.stock." .. side, bitwa.var("pikes.stock." .. side) - 1)
  bitwa.set_var(stamp(side), bitwa.turn())
  u.base_mp = u.mp
  u.kind = "pikes"
  u.mp = (bitwa.scenario().data.pike_mp or 3)
  if u.mp_left > 2 * u.mp then u.mp_left = 2 * u.mp end
  bitwa.note(u.name .. " forms pikes (15.12)")
end

-- [15.15] back to infantry formation, for 1 MP in the own movement phase
function M.plan_unform(side, u)
  if u.side ~= side or u.kind ~= "pikes" then refuse("15.15", u.name .. " is not in pike formation") end
  if not bitwa.phase():match("movement$") then refuse("15.15", "the formation changes back in the own movement phase") end
  if u.mp_left < 2 then refuse("15.15", "changing back costs 1 MP") end
  return true
end

local function restore(u)
  u.kind = "infantry"
  u.mp = u.base_mp
  bitwa.set_var("pikes.stock." .. u.side, (bitwa.var("pikes.stock." .. u.side) or 0) + 1)
end

function M.unform(side, u)
  rules.pikemen.plan_unform(side, u)
  u.mp_left = u.mp_left - 2
  restore(u)
  bitwa.note(u.name .. " changes back to infantry formation (15.15)")
end

-- rule C: a pike unit that had to retreat is dispersed as infantry, with
-- the SP it has left ("weakened" when it lost some)
function M.after_retreat(u)
  if u:alive() and u.hex ~= nil and u.kind == "pikes" then
    restore(u)
    rules.dispersal.disperse(u, "15 C")
    return true
  end
  return false
end

function M.legal(side)
  local out = {}
  for _, u in ipairs(bitwa.units { side = side, kind = "infantry" }) do
    if bitwa.check(rules.pikemen.plan, side, u) then out[#out + 1] = { u.name } end
  end
  for _, u in ipairs(bitwa.units { side = side, kind = "pikes" }) do
    if bitwa.check(rules.pikemen.plan_unform, side, u) then out[#out + 1] = { u.name } end
  end
  return out
end

-- "pike UNIT": into pike formation, or back
function M.toggle(side, u)
  if u.kind == "pikes" then rules.pikemen.unform(side, u) else rules.pikemen.form(side, u) end
end

return M
