-- A rules bot for the Husaria system: cheap, read-only heuristics, so that
-- a battle of a few thousand actions plays in minutes.  It keeps the
-- scenario's deployment; its guns fire at the nearest target they may
-- fire at; its hussars take lances; its cavalry rides at the nearest enemy
-- (turning to face it, moving into its frontal hex), while infantry and
-- guns hold their ground (behind the wagons); Tatars shoot when they can;
-- in the attack phase it fires muskets at units it is about to attack and
-- attacks with every unit that must, joining the others that can; it
-- reacts with every gun and Tatar unit, and counter-charges when its
-- cavalry is not weaker than the mover; it retreats away from the enemy,
-- takes losses on its strongest unit, never chases, and keeps its
-- commanders where they are.  propose(side, tried) returns lines the rules
-- accept (each checked with the rules' own plan functions).
local M = {}

local function U() return rules.units end

local function enemies_of(side)
  local out = {}
  for _, e in ipairs(bitwa.units { side = bitwa.enemy(side) }) do
    if e.hex ~= nil and U().is_field(e) then out[#out + 1] = e end
  end
  return out
end

local function nearest(h, list)
  local best, bd
  for _, e in ipairs(list) do
    local d = bitwa.hex.distance(h, e.hex)
    if not bd or d < bd then best, bd = e, d end
  end
  return best, bd
end

-- the facing from h looking most directly at hex t
local function facing_toward(h, t)
  local best, bd
  for d = 0, 5 do
    local n = bitwa.hex.neighbour(h, d, true)
    local dist = bitwa.hex.distance(n, t)
    if not bd or dist < bd then best, bd = d, dist end
  end
  return best
end

local function ok(f, ...) return (bitwa.check(f, ...)) end

local function artillery_line(side, tried, foes)
  for _, g in ipairs(bitwa.units { side = side, kind = "artillery" }) do
    if g.hex ~= nil and not g.fired then
      local best, bd
      for _, e in ipairs(foes) do
        local d = bitwa.hex.distance(g.hex, e.hex)
        if d <= rules.artillery.range(g) and (not bd or d < bd) and ok(rules.artillery.plan, side, { g }, e) then
          best, bd = e, d
        end
      end
      if best then
        local l = "fire " .. g.name .. " " .. best.name
        if not tried[l] then return l end
      end
    end
  end
  return nil
end

local function movement_line(side, tried, foes)
  if not bitwa.var("moved.any." .. side) then
    for _, u in ipairs(bitwa.units { side = side, kind = "husaria" }) do
      if ok(rules.kopie.plan, side, u) then
        local l = "lance " .. u.name
        if not tried[l] then return l end
      end
    end
  end
  for _, t in ipairs(bitwa.units { side = side, kind = "tatars" }) do
    if t.hex ~= nil and not t.arrows_own then
      for _, e in ipairs(foes) do
        if bitwa.hex.distance(t.hex, e.hex) == 1 and ok(rules.tatars.plan, side, t, e) then
          local l = "shoot " .. t.name .. " " .. e.name
          if not tried[l] then return l end
        end
      end
    end
  end
  -- a commander whose place at the end wins the game goes there (victory hold)
  local hold = (bitwa.scenario().victory or {}).hold
  if hold and hold.side == side then
    local c = bitwa.unit(hold.unit)
    local target = bitwa.hex.parse(hold.hex)
    if c and c.hex ~= nil and c.hex ~= target and c.mp_left > 0 then
      local best, bd
      for _, n in ipairs(bitwa.hex.neighbours(c.hex)) do
        local safe = #U().field_units_at(n) == 0 or U().field_units_at(n)[1].side == side
        local row = rules.tables.terrain[bitwa.map.terrain(n)]
        if safe and not (row and row.prohibited) then
          local d = bitwa.hex.distance(n, target)
          if not bd or d < bd then best, bd = n, d end
        end
      end
      if best and bd < bitwa.hex.distance(c.hex, target) then
        local l = "lead " .. c.name .. " " .. best.label
        if not tried[l] then return l end
      end
    end
  end
  for _, u in ipairs(bitwa.units { side = side }) do
    if u.hex ~= nil and U().is_cavalry(u) and not u.stopped and u.mp_left > 0 then
      local e, d = nearest(u.hex, foes)
      if e and d > 1 then
        local want = facing_toward(u.hex, e.hex)
        local l
        if want == u.facing then
          if ok(rules.movement.plan_move, side, u) then l = "move " .. u.name end
        elseif not u.moved or u.mp_left >= 6 then
          if ok(rules.movement.plan_turn, side, u, want) then l = "turn " .. u.name .. " " .. bitwa.hex.facing_name(want) end
        end
        if l and not tried[l] then return l end
      end
    end
  end
  return nil
end

local function names(list)
  local t = {}
  for _, u in ipairs(list) do t[#t + 1] = u.name end
  return table.concat(t, ",")
end

local function attack_line(side, tried)
  for _, u in ipairs(bitwa.units { side = side }) do
    if U().is_field(u) and u.hex ~= nil and not u.fought then
      -- every enemy in its ZoC at once (6.14), when it has several
      local z = {}
      for _, e in ipairs(rules.zoc.enemies_in_zoc(u)) do if not e.attacked then z[#z + 1] = e end end
      if #z > 1 and ok(rules.combat.check, side, { u }, z) then
        local l = "attack " .. u.name .. " " .. names(z)
        if not tried[l] then return l end
      end
      for _, e in ipairs(rules.zoc.enemies_in_zoc(u)) do
        if not e.attacked then
          -- muskets first, at the unit about to be attacked
          for _, s in ipairs(bitwa.units { side = side }) do
            if s.stars ~= "" and s.hex ~= nil and rules.musketry.shots_left(s) > 0 and ok(rules.musketry.plan_fire, side, { s }, e) then
              local l = "volley " .. s.name .. " " .. e.name
              if not tried[l] then return l end
            end
          end
          local group = {}
          for _, o in ipairs(bitwa.units { side = side }) do
            if U().is_field(o) and o.hex ~= nil and not o.fought and bitwa.hex.distance(o.hex, e.hex) == 1 then
              group[#group + 1] = o
            end
          end
          if #group > 1 and ok(rules.combat.check, side, group, { e }) then
            local l = "attack " .. names(group) .. " " .. e.name
            if not tried[l] then return l end
          end
          if ok(rules.combat.check, side, { u }, { e }) then
            local l = "attack " .. u.name .. " " .. e.name
            if not tried[l] then return l end
          end
        end
      end
    end
  end
  return nil
end

function M.propose(side, tried)
  local phase = bitwa.phase()
  local l
  if phase:match("artillery$") then l = artillery_line(side, tried, enemies_of(side))
  elseif phase:match("movement$") then l = movement_line(side, tried, enemies_of(side))
  elseif phase:match("attack$") then l = attack_line(side, tried) end
  if l then return l end
  if not tried["end"] then return "end" end
  return nil
end

local function is_hex(s) return s:match("^%d%d%d%d$") ~= nil end

function M.answer(req)
  local opts, side = req.options, req.side
  local k = req.kind
  if k == "reaction" then
    for _, o in ipairs(opts) do if o:match("^fire ") or o:match("^arrows ") then return o end end
    local mover = bitwa.unit(req.prompt:match("^(%S+) moves"))
    for _, o in ipairs(opts) do
      local n = o:match("^charge (.+)$")
      if n and mover and bitwa.unit(n).sp >= mover.sp then return o end
    end
    return "pass"
  end
  if k == "loss" then
    local best, sp = opts[1], -1
    for _, o in ipairs(opts) do
      local u = bitwa.unit(o)
      if u and u.sp > sp then best, sp = o, u.sp end
    end
    return best
  end
  if (k == "retreat" or k == "regroup_hex" or k == "countercharge_hex") and is_hex(opts[1]) then
    local foes = enemies_of(side)
    local best, bd = opts[1], nil
    for _, o in ipairs(opts) do
      local _, d = nearest(bitwa.hex.parse(o), foes)
      d = d or 99
      if k == "countercharge_hex" then d = -d end
      if not bd or d > bd then best, bd = o, d end
    end
    return best
  end
  if k == "free_turn" or k == "facing" then
    local name = k == "free_turn" and req.prompt:match("^7%.33: (%S+) faces")
    local u = name and bitwa.unit(name)
    local foes = enemies_of(side)
    if u and u.hex ~= nil then
      local e = nearest(u.hex, foes)
      if e then
        local f = bitwa.hex.facing_name(facing_toward(u.hex, e.hex))
        for _, o in ipairs(opts) do if o == f then return o end end
      end
    end
    return opts[1]
  end
  if k == "chase" or k == "advance" then return "no" end
  if k == "chase_step" then return "stop" end
  if k == "wagon_stay" then return "stay" end
  if k == "regroup" then return opts[1] end
  if k == "lance" then
    -- every hussar that may, up to the tokens left (a choice of several)
    local t = {}
    for i = 1, req.max do t[#t + 1] = opts[i] end
    return table.concat(t, ",")
  end
  return opts[1]
end

return M
