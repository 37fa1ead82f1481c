-- [12.0] Rifle combat (muskets).  Units with a star fire in the attack
-- phase [3.1], a hollow star twice a stage, a full star once [12.2]
-- (A-104: counted over the stage), at range 1 [12.2] into their front zone
-- [12.12], only at units "about to be confronted" [12.11] (H-09): the
-- phasing side names its shooters with an attack ("volley SHOOTERS
-- TARGET" before "attack ..."; the target must be in the front zone of
-- one of its units), and when a battle is declared the defending side may
-- fire at an attacker first (decision "volley").  Several shooters sum
-- their strength, at most 4 [12.11]; foot use the infantry muskets table,
-- horse the cavalry table [12.2].  A side that lost all its wagons fires
-- no more [11.19].
local M = {}

local function T() return rules.tables end
local function U() return rules.units end

function M.shots_left(u)
  local n = T().musket_shots[u.stars]
  if not n then return 0 end
  return n - u.shots
end

function M.stage_start()
  for _, u in ipairs(bitwa.units {}) do if u.shots ~= 0 then u.shots = 0 end end
end

-- option musket_shots = "phase": the stars count in each attack phase
function M.phase_start()
  if bitwa.option("musket_shots") == "phase" then rules.musketry.stage_start() end
end

function M.plan(side, shooters, t)
  if rules.markers.lost_all(side) then refuse("11.19", side .. " has lost all its wagons: no more musket fire") end
  local arm
  for _, s in ipairs(shooters) do
    if s.side ~= side or not U().is_field(s) or s.hex == nil then refuse("12.11", s.name .. " is not a unit of " .. side .. " on the map") end
    if rules.musketry.shots_left(s) <= 0 then
      refuse(s.stars == "" and "12.11" or "12.2", s.name .. (s.stars == "" and " has no star: it does not shoot" or " has no shot left this stage"))
    end
    if t.side == side or not U().is_field(t) or t.hex == nil then refuse("12.11", t.name .. " is not an enemy unit on the map") end
    if not rules.zoc.covers(s, t.hex) then refuse("12.12", t.name .. " is not in " .. s.name .. "'s front zone") end
    local a = U().is_cavalry(s) and "cavalry" or "infantry"
    if arm and arm ~= a then refuse("12.2", "foot and horse do not fire together (two tables)") end
    arm = a
  end
  return arm
end

-- fire shooters at t (both sides' fire): the roll and the result
function M.volley(side, shooters, t)
  local arm = rules.musketry.plan(side, shooters, t)
  local sum = 0
  for _, s in ipairs(shooters) do s.shots = s.shots + 1; sum = sum + s.sp end
  local row = math.min(sum, T().musket_max_strength)
  local m, why = rules.fire.modifier(t)
  local roll = bitwa.two_d6("muskets at " .. t.name)
  local res = T().fire_result(T().muskets[arm][row], T().muskets[arm].first, roll + m)
  local names = {}
  for _, s in ipairs(shooters) do names[#names + 1] = s.name end
  bitwa.note(string.format("muskets %s (strength %d) at %s: 2D6 = %d%s: %s", table.concat(names, ", "), row, t.name, roll,
    m ~= 0 and (" " .. m .. " (" .. why .. ")") or "", res))
  rules.fire.apply(t, res, "12.31")
end

-- the phasing side's fire, at a unit it is about to attack (in the front
-- zone of one of its units that has not fought)
function M.plan_fire(side, shooters, t)
  local facing = false
  for _, u in ipairs(bitwa.units { side = side }) do
    if U().is_field(u) and u.hex ~= nil and not u.fought and rules.zoc.covers(u, t.hex) then facing = true end
  end
  if not facing or t.attacked then refuse("12.11", t.name .. " is not about to be attacked") end
  rules.musketry.plan(side, shooters, t)
  return true
end

function M.fire(side, shooters, t)
  rules.musketry.plan_fire(side, shooters, t)
  rules.musketry.volley(side, shooters, t)
end

function M.legal(side)
  local out = {}
  for _, s in ipairs(bitwa.units { side = side }) do
    if s.stars ~= "" and s.hex ~= nil and rules.musketry.shots_left(s) > 0 then
      for _, t in ipairs(rules.zoc.enemies_in_zoc(s)) do
        if bitwa.check(rules.musketry.plan_fire, side, { s }, t) then out[#out + 1] = { s.name, t.name } end
      end
    end
  end
  return out
end

-- [3.1] when a battle is declared, the defender may fire first: each of its
-- starred units with a shot left and an attacker in its front zone
function M.defensive_fire(defenders, attackers)
  for _, d in ipairs(defenders) do
    if d:alive() and d.hex ~= nil and rules.musketry.shots_left(d) > 0 and not rules.markers.lost_all(d.side) then
      local opts = {}
      for _, a in ipairs(attackers) do
        if a:alive() and a.hex ~= nil and rules.zoc.covers(d, a.hex) then opts[#opts + 1] = a.name end
      end
      if #opts > 0 then
        opts[#opts + 1] = "pass"
        local p = bitwa.decide { side = d.side, kind = "volley", options = opts,
                                 prompt = "3.1, 12.11: " .. d.name .. " fires at an attacker?" }
        if p ~= "pass" then rules.musketry.volley(d.side, { d }, bitwa.unit(p)) end
      end
    end
  end
end

return M
