-- [3.0] [3.1] Stages and phases.  The game is played in stages, each of
-- six phases in a fixed order: artillery, movement and attack of player A
-- (the side with the initiative, the scenario's side.A), then of player B.
-- Before the first stage each side deploys its units in its zones (the
-- scenarios: "forces can be freely deployed in the zones").
local M = {}

-- setup: side.B is the enemy of side.A
function M.setup()
  local a = bitwa.var("side.A")
  if a and not bitwa.var("side.B") then bitwa.set_var("side.B", bitwa.enemy(a)) end
end

-- [3.1] an artillery phase is skipped when its side has no guns on the map
function M.no_guns(side)
  for _, u in ipairs(bitwa.units { side = side, kind = "artillery" }) do
    if u.hex ~= nil then return false end
  end
  return true
end

-- [4.22] the start of a side's movement phase
function M.movement_start()
  local side = bitwa.phasing_side()
  bitwa.set_var("moved.any." .. side, nil)
  rules.reactions.phase_start(side)
  for _, u in ipairs(bitwa.units { side = side, kind = "tatars" }) do if u.arrows_own then u.arrows_own = false end end
  for _, u in ipairs(bitwa.units { side = side }) do if u.hex ~= nil then rules.movement.refresh(u) end end
  -- [10.14] dispersed units come back at the start of the own movement phase
  rules.dispersal.return_units(side)
  -- [6.71] option kopie_phase = "any": the other side takes lances now too
  if bitwa.option("kopie_phase") == "any" then rules.kopie.offer(bitwa.enemy(side)) end
end

-- Deployment: a unit is placed, facing as its owner chooses, on a hex of
-- its setup zone, within the stacking limit [4.27].  A unit with no zone
-- stays where the scenario put it.
local function zone_hexes(u)
  local sc = bitwa.scenario()
  local z = sc.unit_zones[u.name]
  return z and sc.zones[z] or nil, z
end

function M.plan_deploy(side, u, h)
  if u.side ~= side then refuse("3.1", u.name .. " is not " .. side .. "'s") end
  local hexes, z = zone_hexes(u)
  if not hexes then refuse("3.1", u.name .. " has no deployment zone: it stands where the scenario puts it") end
  local inside = false
  for _, x in ipairs(hexes) do if x == h then inside = true end end
  if not inside then refuse("3.1", h.label .. " is outside zone " .. z .. " of " .. u.name) end
  if rules.units.is_field(u) then
    for _, o in ipairs(rules.units.field_units_at(h)) do
      if o.side ~= side then refuse("4.28", h.label .. " holds enemy units") end
    end
    if not rules.units.may_join(u, h) then refuse("4.27", h.label .. ": more than the stacking limit") end
  end
  return true
end

function M.deploy(side, u, h, facing)
  rules.phases.plan_deploy(side, u, h)
  u.hex, u.facing = h, facing
end

function M.legal_deploys(side)
  local out = {}
  for _, u in ipairs(bitwa.units { side = side }) do
    local hexes = zone_hexes(u)
    for _, h in ipairs(hexes or {}) do
      if h ~= u.hex and bitwa.check(rules.phases.plan_deploy, side, u, h) then
        out[#out + 1] = { u.name, h.label, bitwa.hex.facing_name(u.facing >= 0 and u.facing or 0) }
      end
    end
  end
  return out
end

return M
