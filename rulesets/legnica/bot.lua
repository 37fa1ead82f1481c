-- The Medieval rules bot, taught Legnica's differences: it makes the move
-- a charging unit owes [5.6.12] before anything else, leaves alone the
-- units the opening turns hold back, regroups scattered units as close to
-- the enemy as it may, and lowers fatigue whenever it can [13.1.5].
local M = inherit()

local base_propose, base_answer = M.propose, M.answer

local function held_lines(side, tried)
  local out = {}
  for k, v in pairs(tried) do out[k] = v end
  for _, u in ipairs(bitwa.units { side = side }) do
    if u.hex and rules.phases.held(u) then
      out["move " .. u.name] = true
      out["formation " .. u.name] = true
      for f = 0, 5 do out["turn " .. u.name .. " " .. bitwa.hex.facing_name(f)] = true end
    end
  end
  return out
end

function M.propose(side, tried)
  if bitwa.phase():match("_move$") then
    for _, u in ipairs(rules.movement.owing(side)) do
      local l = "move " .. u.name
      if not tried[l] then return l end
      for _, f in ipairs { (u.facing + 1) % 6, (u.facing + 5) % 6 } do
        l = "turn " .. u.name .. " " .. bitwa.hex.facing_name(f)
        if not tried[l] then return l end
      end
    end
    local o = (bitwa.scenario().data or {}).opening
    if o and bitwa.turn() <= (o.turns or 0) then tried = held_lines(side, tried) end
  end
  return base_propose(side, tried)
end

function M.answer(req)
  if req.kind == "regroup" then
    local enemies = rules.units.field_units(rules.units.enemy(req.side))
    local best, bd = req.options[1], nil
    for _, o in ipairs(req.options) do
      local h = bitwa.hex.parse(o)
      local d
      for _, e in ipairs(enemies) do
        local x = bitwa.hex.distance(h, e.hex)
        if not d or x < d then d = x end
      end
      -- close to the enemy, but not next to it
      if d and d >= 2 and (not bd or d < bd) then best, bd = o, d end
    end
    return best
  end
  if req.kind == "fatigue" then return "lower" end
  return base_answer(req)
end

return M
