-- A rules bot for the Husaria system: cheap, read-only heuristics, so that
-- a battle of a few thousand actions plays in seconds.  It keeps the
-- scenario's deployment; its guns fire at the nearest target they may
-- fire at; its hussars take lances; its commanders first lead, one hex at
-- a time, to where the fewest enemy cavalry can reach them in their next
-- movement, within command range of their units, behind the first line;
-- its cavalry in an enemy ZoC whose battle is not worth it backs away
-- (5.24); its cavalry rides at the nearest enemy whose battle is worth it
-- (M.worth: the Battle Table column from the rules' own strengths, column
-- and shifts, lances included, and over its 36 rolls the SP each side is
-- expected to lose and the chance of each being dispersed, by an R or a
-- Battle Dispersal roll after a retreat, priced by each side's dispersed
-- units track: dear when one more unit fills it, 10.15), not on a wagon
-- nor behind a fence facing it, otherwise at the nearest enemy, and it
-- never moves into contact (an attack it must then make, 6.12) when the
-- battle is not worth it.  Level or behind on points in the last third
-- of the game it presses (accepts a small expected loss).  It reads the
-- scenario's victory { king =, hold = } (M.goal): the side that must deny
-- the enemy's king or holder rides at his stack first, closes in on it
-- in the last five stages and takes worse odds against it in the last
-- three (any odds in the last stage against a holder); the holder goes
-- to his hex, the other commanders (a king among them) keep out of the
-- enemy cavalry's reach.  Infantry and
-- guns hold their ground (behind the wagons and fences; a unit behind
-- its own fence attacks through it only when it is worth it, 6.18);
-- Tatars shoot when they can; in the attack phase it fires muskets at
-- units it is about to attack and attacks with every unit that must,
-- joining the others that can; it reacts with every gun and Tatar unit,
-- and counter-charges when it is worth it from a hex it may charge into;
-- it retreats away from the enemy, takes losses on its strongest unit,
-- never chases.  propose(side, tried) returns lines the rules accept
-- (each checked with the rules' own plan functions).  The weighing of a
-- movement phase is planned once for a position and kept between calls
-- as a memo keyed by everything it reads (see `plan`), so a call gives
-- what a fresh one would.
local M = {}
local commander_line

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

-- The Battle Table column (1 = 1:4 .. 12 = 9:1) of attackers against
-- defenders, from the rules' own strengths, column and shifts (read-only),
-- clamped as the battle clamps it (A-114).
function M.column(side, attackers, defenders)
  local att, def = rules.combat.strengths(attackers, defenders)
  if def <= 0 then return 12 end
  if att <= 0 then return 1 end
  local col = rules.combat.column(att, def)
  for _, s in ipairs(rules.combat.shifts(side, attackers, defenders)) do col = col + s.n end
  return math.max(1, math.min(12, col))
end

local WAYS = { [2] = 1, [3] = 2, [4] = 3, [5] = 4, [6] = 5, [7] = 6, [8] = 5, [9] = 4, [10] = 3, [11] = 2, [12] = 1 }

-- u as if it stood on h facing f (a plain view for the rules' evaluation)
local function at(u, h, f)
  return setmetatable({ hex = h, facing = f or u.facing }, { __index = u })
end

-- What a battle at column col is worth to the attacker, from the Battle
-- Table and Battle Dispersal over the 36 rolls of 2D6 (and the 6 faces of
-- the dispersal die), in 1/432 SP: twice the SP the defender is expected
-- to lose less the attacker's, plus the chance of dispersing each (an R,
-- or a failed Battle Dispersal roll after a retreat, 10.11) times what a
-- dispersal costs that side (M.dispersal_cost).  Integers throughout.
local function dispersal_faces(flag, n, column)
  if flag then return 6 end
  if n > 0 then return rules.tables.dispersal[math.min(n, 5)][column] end
  return 0
end

function M.expect(col, att_column, def_column)
  local al, dl, ad, dd = 0, 0, 0, 0
  for r = 2, 12 do
    local c = rules.tables.battle[r][col]
    al = al + WAYS[r] * 6 * c.att_loss
    dl = dl + WAYS[r] * 6 * c.def_loss
    ad = ad + WAYS[r] * dispersal_faces(c.att_disperse, c.att_retreat, att_column)
    dd = dd + WAYS[r] * dispersal_faces(c.def_disperse, c.def_retreat, def_column)
  end
  return al, dl, ad, dd
end

-- [3.1] How much the bot asks of a battle: more than nothing, or, when
-- it must press (level or behind on victory points in the last third of
-- the game, where waiting gives it nothing), a small expected loss
-- (about a ninth of an SP).
M.PRESS = -48
function M.threshold(side)
  local sc = bitwa.scenario()
  local first, last = sc.first or 1, sc.turns or 0
  local late = 3 * (bitwa.turn() - first + 1) > 2 * (last - first + 1)
  local own, enemy = bitwa.var("vp." .. side) or 0, bitwa.var("vp." .. bitwa.enemy(side)) or 0
  if late and own <= enemy then return M.PRESS end
  return 0
end

-- [Victory] The enemy unit whose loss, or whose place at the end, decides
-- the game (the scenario's victory { king =, hold = { unit =, hex =, side
-- = } }), when side is the one to deny it: the unit and the stages left.
-- Its stack is the denying side's first target: every battle against it
-- is worth M.URGE more per stage short of four left (the last stages
-- take worse odds), and when the holder would win by standing on his hex
-- at the end, any battle against his stack in the last stage is worth it.
M.URGE = 144
M.CONVERGE = 5
function M.goal(side)
  local v = bitwa.scenario().victory or {}
  local name = v.hold and v.hold.side ~= side and v.hold.unit or v.king
  local u = name and bitwa.unit(name)
  if not u or u.side == side or u.hex == nil then return nil end
  local sc = bitwa.scenario()
  local left = (sc.turns or bitwa.turn()) - bitwa.turn()
  local bonus = math.max(0, 4 - left) * M.URGE
  if v.hold and v.hold.unit == name and left <= 0 then bonus = 1000000 end
  return { unit = u, hex = u.hex, left = left, bonus = bonus, converge = left <= M.CONVERGE }
end

-- what the bot asks of a battle against e (less against the goal's stack)
function M.need(ctx, e)
  local g = ctx.goal
  if g and e.hex ~= nil and e.hex.key == g.hex.key then return ctx.need - g.bonus end
  return ctx.need
end

-- What the weighing of battles reads of the position, once: the
-- threshold, each side's dispersed units track (units and their SP) and
-- its size, and memos of the expectations and columns.
function M.context(side)
  local ctx = { side = side, need = M.threshold(side), goal = M.goal(side), limit = bitwa.option("dispersal_track"), track = {}, ev = {}, col = {} }
  for _, s in ipairs(bitwa.sides()) do
    local n, on = 0, 0
    for _, x in ipairs(rules.dispersal.track(s)) do n, on = n + 1, on + x.sp end
    ctx.track[s] = { n = n, sp = on }
  end
  return ctx
end

-- [10.12] [10.15] what dispersing a unit of `sp` SP costs its side, in SP
-- counted twice (the unit is away until it comes back, half the track each
-- movement phase: its SP once); when the track has one box left the
-- dispersal fills it and every unit on it is eliminated: all their SP and
-- the unit's, counted twice each.
function M.dispersal_cost(ctx, side, sp)
  local t = ctx.track[side]
  if t.n + 1 >= ctx.limit then return 4 * (t.sp + sp) end
  return sp
end

-- The worth of u attacking e at column col (1/432 SP, see M.expect).
function M.worth(ctx, u, e, col)
  local cu, ce = rules.dispersal.column(u), rules.dispersal.column(e)
  local k = col * 64 + cu * 8 + ce
  local x = ctx.ev[k]
  if not x then x = { M.expect(col, cu, ce) }; ctx.ev[k] = x end
  return 2 * (x[2] - x[1]) + x[4] * M.dispersal_cost(ctx, e.side, e.sp) - x[3] * M.dispersal_cost(ctx, u.side, u.sp)
end

-- u's column against e, u as if on h facing f (a memo in ctx by what it
-- depends on besides the position the plan's key holds)
function M.column_at(ctx, u, h, f, e)
  local k = u.kind .. u.sp .. "/" .. u.morale .. (u.kopie and "k" or "") .. "@" .. h.key .. "/" .. f .. ">" .. e.name
  local col = ctx.col[k]
  if not col then col = M.column(ctx.side, { at(u, h, f) }, { e }); ctx.col[k] = col end
  return col
end

-- whether u on h facing f attacking e is worth it
function M.good(ctx, u, h, f, e)
  return M.worth(ctx, u, e, M.column_at(ctx, u, h, f, e)) > M.need(ctx, e)
end

-- whether u, standing on h facing f, would fight every enemy next to h
-- worth it (a unit in contact must attack what is in its front zone, 6.12)
local function contact_ok(ctx, u, h, f, foes)
  for _, e in ipairs(foes) do
    if bitwa.hex.distance(h, e.hex) == 1 and not M.good(ctx, u, h, f, e) then return false end
  end
  return true
end

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

-- whether h is next to one of the hexes (a set by key)
local function next_to(h, hexes)
  for _, n in ipairs(bitwa.hex.neighbours(h)) do if hexes[n.key] then return true end end
  return false
end

-- The enemy cavalry u rides at: the nearest one (within 12 hexes) it
-- would charge at good odds from the hex next to it on u's side, not on
-- a wagon nor behind a fence facing that hex; otherwise the nearest enemy
-- (u then closes in, but never into contact at poor odds).
M.SEARCH = 12
function M.target(ctx, u, foes)
  local best, bd, bw
  -- the goal's stack first: the nearest of it worth attacking, or, in the
  -- last stages, the nearest of it at all (u closes in)
  local g = ctx.goal
  if g then
    local near, nd
    for _, e in ipairs(foes) do
      if e.hex.key == g.hex.key then
        local d = bitwa.hex.distance(u.hex, e.hex)
        if not nd or d < nd then near, nd = e, d end
        local a, ad
        for _, n in ipairs(bitwa.hex.neighbours(e.hex)) do
          local x = bitwa.hex.distance(u.hex, n)
          if not ad or x < ad then a, ad = n, x end
        end
        if a and (not bd or d < bd) and M.worth(ctx, u, e, M.column_at(ctx, u, a, facing_toward(a, e.hex), e)) > M.need(ctx, e) then
          best, bd = e, d
        end
      end
    end
    if best then return best end
    if near and g.converge then return near end
  end
  for _, e in ipairs(foes) do
    local d = bitwa.hex.distance(u.hex, e.hex)
    if d <= M.SEARCH and (not bd or d <= bd) and not rules.markers.wagon_at(e.hex, e.side) then
      local a, ad
      for _, n in ipairs(bitwa.hex.neighbours(e.hex)) do
        local nd = bitwa.hex.distance(u.hex, n)
        if not ad or nd < ad then a, ad = n, nd end
      end
      if a and not rules.markers.fenced(e, a) then
        local f = facing_toward(a, e.hex)
        local w = M.worth(ctx, u, e, M.column_at(ctx, u, a, f, e))
        if w > M.need(ctx, e) and (not bd or d < bd or w > bw) then best, bd, bw = e, d, w end
      end
    end
  end
  if best then return best end
  return (nearest(u.hex, foes))
end

-- [9.21] [9.13] where a commander is safest: reached by the fewest enemy
-- cavalry in their next movement (distance within their printed MP), then
-- within command range of one of his units, then farthest beyond the
-- nearest enemy cavalry's reach (up to one hex), then behind the first
-- line (no enemy field unit within 3 hexes), then in range of the most
-- units.  He moves one hex at a time while a neighbour is strictly better.
local function hex_danger(h, foes)
  local danger, near, margin = 0, false, 1
  for _, e in ipairs(foes) do
    local d = bitwa.hex.distance(h, e.hex)
    if U().is_cavalry(e) then
      if d <= e.mp then danger = danger + 1 end
      if d - e.mp < margin then margin = d - e.mp end
    end
    if d <= 3 then near = true end
  end
  return { danger, near, margin }
end

local function commander_key(side, c, h, foes, own, safety)
  local s = safety and safety[h.key]
  if not s then
    s = hex_danger(h, foes)
    if safety then safety[h.key] = s end
  end
  local danger, near, margin = s[1], s[2], s[3]
  local range = rules.tables.command_range[c.command] or rules.tables.command_range[0]
  local inrange = 0
  for _, o in ipairs(own) do if bitwa.hex.distance(h, o.hex) <= range then inrange = inrange + 1 end end
  return { -danger, inrange > 0 and 1 or 0, margin, near and 0 or 1, inrange }
end

local function better(a, b)
  for i = 1, #a do if a[i] ~= b[i] then return a[i] > b[i] end end
  return false
end

-- a hex a commander may lead into without dying there (9.15)
local function lead_safe(side, from, h)
  for _, o in ipairs(U().field_units_at(h)) do if o.side ~= side then return false end end
  local edge = rules.movement.hexside(from, h)
  local row = rules.tables.terrain[bitwa.map.terrain(h)]
  if edge.river and not edge.bridge and not edge.ford then return false end
  if not edge.road and row and row.prohibited then return false end
  return true
end

commander_line = function(side, tried, foes, safety)
  local own = {}
  for _, o in ipairs(bitwa.units { side = side }) do
    if o.hex ~= nil and U().is_field(o) then own[#own + 1] = o end
  end
  local hold = (bitwa.scenario().victory or {}).hold
  for _, c in ipairs(bitwa.units { side = side, kind = "commander" }) do
    if c.hex ~= nil and c.mp_left > 0 and not (hold and hold.side == side and hold.unit == c.name) then
      local best, bk = nil, commander_key(side, c, c.hex, foes, own, safety)
      for _, n in ipairs(bitwa.hex.neighbours(c.hex)) do
        if lead_safe(side, c.hex, n) then
          local k = commander_key(side, c, n, foes, own, safety)
          if better(k, bk) then best, bk = n, k end
        end
      end
      if best then
        local l = "lead " .. c.name .. " " .. best.label
        if not tried[l] then return l end
      end
    end
  end
  return nil
end

-- The plan of a movement phase, kept between the bot's calls (a
-- cache(): the engine empties it when the rules play another game): each
-- cavalry unit's target (M.target), the hexes it may enter into contact
-- (contact_ok), the columns and expectations weighed on the way (the
-- context, M.context) and the commanders' safety by hex, for one
-- position.  It is a memo, not state: its key is all that those depend
-- on (the game, the stage, phase and side, the victory points, the
-- morale modifier, every unit of the enemy's with its hex, facing, kind,
-- SP and lance, every commander of the side's, both dispersed units
-- tracks; for a target, the unit's own values), so a call finds there
-- exactly what it would compute; a key that differs (after a
-- counter-charge, a commander's step) starts a new plan.
local plan = cache()   -- a memo, emptied by the engine when another game is played

local function units_key(t, list, own)
  for _, u in ipairs(list) do
    if u.hex ~= nil then
      if not own or u.kind == "commander" then
        t[#t + 1] = u.name .. "@" .. u.hex.key .. "/" .. u.facing .. "/" .. u.kind .. u.sp .. (u.kopie and "k" or "")
      end
    elseif u.dispersed then
      t[#t + 1] = u.name .. "~" .. u.sp
    end
  end
  return table.concat(t, ";")
end

-- the enemy's part of the key (all the commanders need), and the whole key
local function position_key(side)
  local foes = units_key({ bitwa.turn(), bitwa.phase(), side }, bitwa.units { side = bitwa.enemy(side) })
  local own = units_key({ foes, rules.morale.effective(side), bitwa.option("morale_scope"), bitwa.option("dispersal_track"),
                          bitwa.var("vp." .. side) or 0, bitwa.var("vp." .. bitwa.enemy(side)) or 0 },
                        bitwa.units { side = side }, true)
  return foes, own
end

local function unit_key(u, h, f)
  return u.name .. "@" .. h.key .. "/" .. f .. "/" .. u.kind .. u.sp .. "/" .. u.morale .. (u.kopie and "k" or "")
end

-- the plan for this position (a new one when it changed)
local function current_plan(side)
  local view, foes, key = bitwa.scenario(), position_key(side)
  if plan.view ~= view or plan.foes_key ~= foes then plan.foes_key, plan.safety = foes, {} end
  if plan.view ~= view or plan.key ~= key then
    plan.key, plan.target, plan.contact, plan.ctx = key, {}, {}, M.context(side)
  end
  plan.view = view
  return plan
end

local function planned_target(p, u, foes)
  local k = unit_key(u, u.hex, u.facing)
  local e = p.target[k]
  if e == nil then
    e = M.target(p.ctx, u, foes) or false
    p.target[k] = e
  end
  return e or nil
end

local function planned_contact(p, u, h, f, foes)
  local k = unit_key(u, h, f)
  local v = p.contact[k]
  if v == nil then
    v = contact_ok(p.ctx, u, h, f, foes)
    p.contact[k] = v
  end
  return v
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
        -- [9.15] never across a river without a bridge or ford, into
        -- forbidden terrain or onto enemy units (he would die there)
        if lead_safe(side, c.hex, n) then
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
  local p = current_plan(side)
  -- commanders take their places before the troops move (then the plan
  -- of the cavalry stays valid while it moves)
  if not bitwa.var("moved.any." .. side) then
    local l = commander_line(side, tried, foes, p.safety)
    if l then return l end
  end
  local hexes = {}
  for _, e in ipairs(foes) do hexes[e.hex.key] = true end
  local mine = bitwa.units { side = side }
  -- [5.24] [10.15] cavalry in an enemy ZoC whose battle would not be worth
  -- it (the dispersal track makes a dispersal dear when it is nearly full)
  -- backs away before anything else moves, away from the enemy
  for _, u in ipairs(mine) do
    if u.hex ~= nil and U().is_cavalry(u) and not u.moved and next_to(u.hex, hexes) then
      local poor = false
      for _, e in ipairs(rules.zoc.enemies_in_zoc(u)) do
        if not M.good(p.ctx, u, u.hex, u.facing, e) then poor = true end
      end
      if poor then
        local best, bd
        for _, h in ipairs(bitwa.hex.rear_area(u.hex, u.facing)) do
          if bitwa.hex.on_map(h) and ok(rules.movement.plan_back, side, u, h) then
            local _, d = nearest(h, foes)
            if not bd or d > bd then best, bd = h, d end
          end
        end
        if best then
          local e = nearest(best, foes)
          local l = "back " .. u.name .. " " .. best.label .. " " .. bitwa.hex.facing_name(facing_toward(best, e.hex))
          if not tried[l] then return l end
        end
      end
    end
  end
  local function step(u)
    if u.hex ~= nil and U().is_cavalry(u) and not u.stopped and u.mp_left > 0 and not next_to(u.hex, hexes) then
      local e = planned_target(p, u, foes)
      if e then
        local want = facing_toward(u.hex, e.hex)
        local l
        if want == u.facing then
          local n = bitwa.hex.neighbour(u.hex, u.facing)
          if n and planned_contact(p, u, n, u.facing, foes) and ok(rules.movement.plan_move, side, u) then l = "move " .. u.name end
        elseif not u.moved or u.mp_left >= 6 then
          if ok(rules.movement.plan_turn, side, u, want) then l = "turn " .. u.name .. " " .. bitwa.hex.facing_name(want) end
        end
        if l and not tried[l] then return l end
      end
    end
  end
  -- a unit on its way goes on first, then the others in order
  for _, u in ipairs(mine) do
    if u.moved and u.hex ~= nil and u.mp_left > 0 and not u.stopped then
      local l = step(u)
      if l then return l end
    end
  end
  for _, u in ipairs(mine) do
    local l = step(u)
    if l then return l end
  end
  return nil
end

local function names(list)
  local t = {}
  for _, u in ipairs(list) do t[#t + 1] = u.name end
  return table.concat(t, ",")
end

local function attack_line(side, tried)
  local ctx = M.context(side)
  for _, u in ipairs(bitwa.units { side = side }) do
    if U().is_field(u) and u.hex ~= nil and not u.fought then
      -- every enemy in its ZoC at once (6.14), when it has several
      -- [6.18] a unit behind its own fence need not attack through it:
      -- it holds there unless the odds are good
      local function skip(e)
        return rules.markers.fenced(u, e.hex) and not M.good(ctx, u, u.hex, u.facing, e)
      end
      local z = {}
      for _, e in ipairs(rules.zoc.enemies_in_zoc(u)) do if not e.attacked and not skip(e) then z[#z + 1] = e end end
      if #z > 1 and ok(rules.combat.check, side, { u }, z) then
        local l = "attack " .. u.name .. " " .. names(z)
        if not tried[l] then return l end
      end
      for _, e in ipairs(rules.zoc.enemies_in_zoc(u)) do
        if not e.attacked and not skip(e) then
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
    -- [6.61] a counter-charge at good odds from one of the hexes it may enter
    local mover = bitwa.unit(req.prompt:match("^(%S+) moves"))
    local ctx = M.context(side)
    for _, o in ipairs(opts) do
      local n = o:match("^charge (.+)$")
      local c = n and bitwa.unit(n)
      if c and mover and mover.hex ~= nil then
        for _, h in ipairs(rules.reactions.charge_hexes(c, mover)) do
          if M.good(ctx, c, h, facing_toward(h, mover.hex), mover) then return o end
        end
      end
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
  if k == "countercharge_join" then
    -- [6.65] every other unit that may joins the counter-charge: more SP, a better column
    return table.concat(opts, ",")
  end
  if k == "lance" then
    -- every hussar that may, up to the tokens left (a choice of several)
    local t = {}
    for i = 1, req.max do t[#t + 1] = opts[i] end
    return table.concat(t, ",")
  end
  return opts[1]
end

return M
