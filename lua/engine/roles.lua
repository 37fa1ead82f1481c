-- The roles a ruleset gives its attributes and kinds, for the tools
-- (sim summaries, render, show, odds, the generic bots), declared in the
-- manifest:
--
--   roles = { strength = "sp", leaders = { "leader" }, markers = { "banner" } }
--
-- strength: the integer attribute that is a unit's strength (its SP);
-- movement (optional): the attribute holding the MP a unit has left, in the
-- units of the reach queries' costs (its per = N: the tools show costs in
-- whole points);
-- leaders: kinds that are commanders, not fighting units; markers: kinds
-- that are pieces on the map but not units (banners, wagons, fences,
-- lance stocks); states (optional): attributes whose values are a unit's
-- state of the moment (condition, dispersal), which summaries count per
-- side ("condition disorganized x3").  A unit of any other kind is a
-- field unit.  balance (optional): variables that measure how the battle
-- stands between the sides, positive in favour of the game's first side
-- and negative in favour of the second (a morale track), for the generic
-- bots' evaluation.  Each key
-- defaults to the value above, which is what the tools assumed before
-- rulesets could say it.
local M = {}

M.DEFAULT = { strength = "sp", leaders = { "leader" }, markers = { "banner" } }

-- Check a manifest's roles table; returns nil or a message.
function M.check(r)
  if r == nil then return nil end
  if type(r) ~= "table" then return "field 'roles' must be a table" end
  for k, v in next, r do
    if k == "strength" or k == "movement" then
      if type(v) ~= "string" then return "roles." .. k .. ": an attribute name expected" end
    elseif k == "leaders" or k == "markers" or k == "states" or k == "balance" then
      local what = k == "states" and "attribute" or k == "balance" and "variable" or "kind"
      if type(v) ~= "table" then return "roles." .. k .. ": a list of " .. what .. "s expected" end
      for i, x in ipairs(v) do
        if type(x) ~= "string" then return "roles." .. k .. "[" .. i .. "]: " .. (what == "attribute" and "an" or "a") .. " " .. what .. " expected" end
      end
    else
      return "roles: unknown role '" .. tostring(k) .. "' (strength, movement, leaders, markers, states, balance)"
    end
  end
  return nil
end

-- The resolved roles of a merged manifest: { strength = name,
-- leaders = {kinds}, markers = {kinds}, leader = {[kind] = true},
-- marker = {[kind] = true}, states = {attributes}, label = "SP" or the
-- strength attribute's name }.
function M.resolve(manifest)
  local r = manifest.roles or {}
  local out = { strength = r.strength or M.DEFAULT.strength, movement = r.movement, leaders = {}, markers = {},
                leader = {}, marker = {}, states = {}, balance = {} }
  for _, k in ipairs(r.leaders or M.DEFAULT.leaders) do out.leaders[#out.leaders + 1] = k; out.leader[k] = true end
  for _, k in ipairs(r.markers or M.DEFAULT.markers) do out.markers[#out.markers + 1] = k; out.marker[k] = true end
  for _, k in ipairs(r.states or {}) do out.states[#out.states + 1] = k end
  for _, k in ipairs(r.balance or {}) do out.balance[#out.balance + 1] = k end
  -- what the tools call the strength: "SP", or the attribute's own name ("figures")
  out.label = out.strength == "sp" and "SP" or out.strength
  return out
end

-- The roles of a game or of a loaded ruleset (cached on the ruleset).
function M.of(x)
  local rs = x.rs or x
  if not rs.roles then rs.roles = M.resolve(rs.manifest) end
  return rs.roles
end

-- A field unit: neither a leader nor a marker.
function M.is_field(roles, kind) return not roles.leader[kind] and not roles.marker[kind] end

return M
