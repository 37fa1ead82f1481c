-- A bot for the Medieval rules: cheap, read-only heuristics so that a
-- whole battle of thousands of actions plays in minutes.  It moves to
-- contact (each unit toward the nearest enemy, turning to face it), fires
-- and countercharges when it can, attacks whatever it must or may with
-- every unit that can join, brings reinforcements on, retreats away from
-- the enemy and takes losses on its strongest unit.  The engine's "rules"
-- bot calls propose(side, tried) and answer(request); a refused line is
-- added to `tried` and the bot is asked again.
local M = {}

local function enemy_field_units(side)
  return rules.units.field_units(rules.units.enemy(side))
end

-- Cube coordinates of a hex in plain arithmetic (the bot measures many
-- distances; the kernel's are the same numbers, one call each).
local odd_down
local function cube(h)
  if odd_down == nil then odd_down = bitwa.map.grid().parity == "odd-down" end
  local c, r = h.col, h.row
  local z = odd_down and (r - (c - (c & 1)) // 2) or (r - (c + (c & 1)) // 2)
  return c, z
end

-- The places of units as { x, z, hex }, read once (reading a unit's
-- fields crosses into the kernel; the bot measures many distances).
local function places(units)
  local out = {}
  for _, e in ipairs(units) do
    local h = e.hex
    if h and not rules.units.is_panicked(e) then
      local x, z = cube(h)
      out[#out + 1] = { x, z, h }
    end
  end
  return out
end

-- The nearest of the places and its distance (nil when none).
local function nearest(h, list)
  local hx, hz = cube(h)
  local best, bd = nil, nil
  for i = 1, #list do
    local p = list[i]
    local dx, dz = p[1] - hx, p[2] - hz
    local d = (math.abs(dx) + math.abs(dz) + math.abs(dx + dz)) // 2
    if not bd or d < bd then best, bd = p[3], d end
  end
  return best, bd
end

-- The facing from h that looks most directly at target.
local function facing_toward(h, target)
  local best, bd = nil, nil
  for d = 0, 5 do
    local n = bitwa.hex.neighbour(h, d, true)
    local dist = bitwa.hex.distance(n, target)
    if not bd or dist < bd then best, bd = d, dist end
  end
  return best
end

local function line(...) return table.concat({ ... }, " ") end

local function attack_line(side, tried)
  local arm = rules.phases.arm()
  local mine = rules.units.field_units(side)
  for _, u in ipairs(mine) do
    local fights = (arm == "cavalry") == rules.units.is_cavalry(u)
    if fights and not u.fought and not rules.units.is_panicked(u) then
      for _, h in ipairs(bitwa.hex.front_area(u.hex, u.facing)) do
        for _, e in ipairs(rules.units.field_units_at(h)) do
          if e.side ~= side and not rules.units.is_panicked(e) then
            -- every unit of ours that may join against this defender
            local group = {}
            for _, v in ipairs(mine) do
              local vf = (arm == "cavalry") == rules.units.is_cavalry(v)
              if vf and not v.fought and not rules.units.is_panicked(v)
                 and bitwa.hex.in_front(v.hex, v.facing, e.hex) then
                group[#group + 1] = v.name
              end
            end
            local l = line("attack", table.concat(group, ","), e.name)
            if not tried[l] then return l end
            l = line("attack", u.name, e.name)
            if not tried[l] then return l end
          end
        end
      end
    end
  end
  return nil
end

local function move_line(side, tried)
  local enemies = places(enemy_field_units(side))
  -- reinforcements and units returning to the map (listing the entries
  -- costs something: only when a unit of this phase's arm is off the map)
  local waiting = false
  for _, u in ipairs(bitwa.units { side = side }) do
    if u.hex == nil and rules.units.is_field(u) and rules.phases.moves_now(u) then waiting = true break end
  end
  if waiting then
    for _, args in ipairs(rules.reinforcements.legal(side)) do
      local l = "enter " .. table.concat(args, " ")
      if not tried[l] then return l end
    end
  end
  for _, u in ipairs(bitwa.units { side = side }) do
    if u.hex and rules.phases.moves_now(u) and not u.stopped and u.mp_left > 0
       and not rules.units.is_panicked(u) and not rules.units.is_banner(u) then
      local target, d
      if rules.units.is_leader(u) then
        -- a leader keeps near his troops, out of the front line
        local friends = {}
        for _, f in ipairs(rules.units.field_units(side)) do
          if f.leader == u.name or rules.leaders.is_grand(u) then friends[#friends + 1] = f end
        end
        target, d = nearest(u.hex, places(friends))
        if d and d <= 1 then target = nil end
      else
        target, d = nearest(u.hex, enemies)
        if d and d <= 1 then target = nil end     -- in contact: the attack phase follows
        -- ranged units stop and deploy within reach
        if target and rules.units.is_ranged(u) and u.kind ~= "horse_archers" then
          if d <= 3 then
            if u.formation == "movement" then
              local l = line("formation", u.name)
              if not tried[l] then return l end
            end
            target = nil
          elseif u.formation == "combat" then
            local l = line("formation", u.name)
            if not tried[l] then return l end
          end
        end
      end
      if target then
        local front = bitwa.hex.neighbour(u.hex, u.facing)
        if front and bitwa.hex.distance(front, target) < d then
          local l = line("move", u.name)
          if not tried[l] then return l end
        end
        local want = facing_toward(u.hex, target)
        if want ~= u.facing and not u.turned_here then
          if u.cf > 1 then
            -- charging cavalry turns 60 degrees only [4.3.4]
            local steps = (want - u.facing) % 6
            want = (steps <= 3) and (u.facing + 1) % 6 or (u.facing + 5) % 6
          end
          local l = line("turn", u.name, bitwa.hex.facing_name(want))
          if not tried[l] then return l end
        end
      end
    end
  end
  return nil
end

function M.propose(side, tried)
  local phase = bitwa.phase()
  local l
  if phase:match("_attack$") then l = attack_line(side, tried)
  elseif phase:match("_move$") then l = move_line(side, tried) end
  if l then return l end
  if not tried["end"] then return "end" end
  return nil
end

local function is_hex(s) return s:match("^%d%d%d%d?%d?%d?$") ~= nil end

function M.answer(req)
  local opts = req.options
  if req.kind == "reaction" then
    for _, o in ipairs(opts) do if o:match("^fire ") then return o end end
    for _, o in ipairs(opts) do if o ~= "pass" then return o end end
    return "pass"
  end
  if req.kind == "return_fire" then return opts[1] end
  if req.kind == "loss" then
    local best, sp = opts[1], -1
    for _, o in ipairs(opts) do
      local u = bitwa.unit(o)
      if u and u.sp > sp then best, sp = o, u.sp end
    end
    return best
  end
  if req.kind == "retreat" and is_hex(opts[1]) then
    local side = req.side
    local enemies = places(enemy_field_units(side))
    local best, bd = opts[1], -1
    for _, o in ipairs(opts) do
      local _, d = nearest(bitwa.hex.parse(o), enemies)
      d = d or 99
      if d > bd then best, bd = o, d end
    end
    return best
  end
  if req.kind == "panic" then return "march" end
  return opts[1]
end

return M
