-- Wagons [11.0] and fences [14.0]: markers on the map, not units (no ZoC,
-- no SP, 11.11).  A wagon (tabor) belongs to a side and stands on a hex;
-- only infantry and artillery may stand with it [11.13], cavalry never
-- crosses it [11.17], an enemy unit crossing it destroys it [11.18]; it
-- adds 1 SP to the stack defending on it and cancels the attacker's lances
-- [11.12]; it never moves in a battle [11.14], and outside one moves only
-- with an infantry or artillery unit on it that hauls it (movement.haul,
-- 11.16; option wagons = "static": never, A-103); a defending stack on it
-- that gets B1 may stay and lose 1 SP, B2 or more retreats and the wagon
-- is destroyed
-- [11.15].  A side that started with wagons and has lost them all fires
-- no muskets or artillery and has lost its lances [11.19] [6.75] (H-04).
-- A fence token stands on a hex facing one hexside [14.12], which it
-- protects (H-06): an attack through it is made with 1 SP [14.11], it
-- cancels lances [14.14] and the cavalry's doubling [6.19], the unit
-- behind it need not attack through it [6.18]; an enemy entering its hex
-- destroys it [14.15].
local M = {}

function M.wagons_at(h)
  local out = {}
  for _, w in ipairs(bitwa.units { hex = h, kind = "wagon" }) do out[#out + 1] = w end
  return out
end

function M.wagon_at(h, side)
  for _, w in ipairs(M.wagons_at(h)) do if side == nil or w.side == side then return w end end
  return nil
end

-- setup: which sides start with wagons (11.19 applies only to them, H-04)
function M.setup()
  for _, s in ipairs(bitwa.sides()) do
    if #bitwa.units { side = s, kind = "wagon" } > 0 then bitwa.set_var("wagons.started." .. s, true) end
  end
end

-- [11.19] [6.75] a side that started with wagons and has none left
function M.lost_all(side)
  if not bitwa.var("wagons.started." .. side) then return false end
  for _, w in ipairs(bitwa.units { side = side, kind = "wagon" }) do if w.hex ~= nil then return false end end
  return true
end

function M.destroy(w, rule, why)
  bitwa.note(w.name .. " (wagon) is destroyed (" .. rule .. ": " .. why .. ")")
  local side = w.side
  bitwa.remove(w)
  if rules.markers.lost_all(side) then
    bitwa.note(side .. " has lost all its wagons: no more musket or artillery fire, no more lances (11.19, 6.75)")
  end
end

-- [11.13] [11.17] whether u may enter (or cross) hex h for its wagons;
-- nil or rule, reason.
function M.wagon_blocks(u, h)
  local w = M.wagon_at(h)
  if not w then return nil end
  if rules.units.is_cavalry(u) then return "11.17", "cavalry cannot cross wagons" end
  if w.side == u.side and not (rules.units.is_infantry(u) or rules.units.is_artillery(u)) then
    return "11.13", "only infantry or artillery stand on a wagon"
  end
  return nil
end

-- [11.18] [14.15] u (of its side) has entered h: enemy wagons and fences there are destroyed
function M.entered(u, h)
  for _, w in ipairs(M.wagons_at(h)) do
    if w.side ~= u.side then M.destroy(w, "11.18", u.name .. " crossed it") end
  end
  for _, f in ipairs(bitwa.units { hex = h, kind = "fence" }) do
    if f.side ~= u.side then
      bitwa.note(f.name .. " (fence) is destroyed (14.15: " .. u.name .. " entered its hex)")
      bitwa.remove(f)
    end
  end
end

-- [14.11] [14.12] whether an attack from `from` on defender d crosses a
-- fence of d's side protecting d's hex on that hexside.
function M.fenced(d, from)
  local dir = bitwa.hex.direction(d.hex, from)
  if not dir then return false end
  for _, f in ipairs(bitwa.units { hex = d.hex, kind = "fence" }) do
    if f.side == d.side and f.facing == dir then return true end
  end
  return false
end

-- whether any of `defenders` is protected by a fence against any attacker
function M.any_fenced(attackers, defenders)
  for _, d in ipairs(defenders) do
    for _, a in ipairs(attackers) do if M.fenced(d, a.hex) then return true end end
  end
  return false
end

return M
