-- [16.0] Tatars: cavalry in every rule, and archers.  Cited "16 (15.2x)":
-- the book numbers this chapter's rules 15.21-15.27.  A Tatar unit shoots
-- once in its own movement phase, for 1 MP ("shoot UNIT TARGET",
-- 16 (15.21) (15.22) (15.23)), and once in the opponent's (a reaction),
-- at range 1 [16 (15.24)]: 2D6, a 2-SP unit hits on 10 and 11 (option
-- tatar_twelve: also 12, A-109), a 1-SP unit on 11 and 12 [16 (15.22)],
-- with the target's terrain and fortifications [16 (15.25)] (fire.lua's
-- modifiers); a hit costs 1 SP, at most 1 SP a target per phase from
-- archery [16 (15.27)]; a commander on the target hex dies on 2D6 = 12
-- [16 (15.26)].
local M = {}

local function U() return rules.units end

local function stamp() return bitwa.turn() .. "." .. bitwa.phase() end

-- own: in its own movement phase
function M.can_shoot(t, target, own)
  if t.kind ~= "tatars" or t.hex == nil or target.hex == nil then return false end
  if target.side == t.side or not U().is_field(target) then return false end
  if bitwa.hex.distance(t.hex, target.hex) ~= rules.tables.archery_range then return false end
  if own then return not t.arrows_own and t.mp_left >= 2 end
  return not t.arrows_opp
end

function M.shoot(t, target, own)
  if own then t.arrows_own = true; t.mp_left = t.mp_left - 2 else t.arrows_opp = true end
  local m, why = rules.fire.modifier(target)
  local roll = bitwa.two_d6("archery " .. t.name .. " at " .. target.name)
  local hits = {}
  for _, n in ipairs(rules.tables.archery[t.sp] or {}) do hits[n] = true end
  if t.sp == 2 and bitwa.option("tatar_twelve") then hits[12] = true end
  local r = roll + m
  local hit = hits[r] == true
  bitwa.note(string.format("archery %s at %s: 2D6 = %d%s: %s (16 (15.22))", t.name, target.name, roll,
    m ~= 0 and (" " .. m .. " (" .. why .. ")") or "", hit and "hit" or "miss"))
  local h, tside = target.hex, target.side
  if hit then
    local key = "arrows.hit." .. target.id
    if bitwa.var(key) == stamp() then
      bitwa.note(target.name .. " has lost its SP to archery in this phase already (16 (15.27))")
    else
      bitwa.set_var(key, stamp())
      U().lose_sp(target, 1, "16 (15.22)")
    end
  end
  -- 16 (15.26) a leader on the target hex
  for _, c in ipairs(rules.commanders.commanders_at(tside, h)) do
    local d = bitwa.two_d6("archery at commander " .. c.name)
    if d >= rules.tables.archery_leader_death then U().eliminate(c, "16 (15.26)", "killed by arrows (2D6 = " .. d .. ")") end
  end
end

function M.plan(side, t, target)
  if t.side ~= side then refuse("16 (15.21)", t.name .. " is not " .. side .. "'s") end
  if t.kind ~= "tatars" then refuse("16 (15.21)", "only Tatars shoot arrows") end
  if t.arrows_own then refuse("16 (15.22)", t.name .. " has shot in this movement phase") end
  if t.mp_left < 2 then refuse("16 (15.23)", "shooting costs 1 MP") end
  if bitwa.hex.distance(t.hex, target.hex) ~= rules.tables.archery_range or target.side == side then
    refuse("16 (15.24)", target.name .. " is not an enemy within 1 hex")
  end
  return true
end

function M.own(side, t, target)
  rules.tatars.plan(side, t, target)
  rules.tatars.shoot(t, target, true)
end

function M.legal(side)
  local out = {}
  for _, t in ipairs(bitwa.units { side = side, kind = "tatars" }) do
    if t.hex ~= nil then
      for _, n in ipairs(bitwa.hex.neighbours(t.hex)) do
        for _, e in ipairs(U().field_units_at(n)) do
          if bitwa.check(rules.tatars.plan, side, t, e) then out[#out + 1] = { t.name, e.name } end
        end
      end
    end
  end
  return out
end

return M
