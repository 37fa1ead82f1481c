-- Jousting (the Mano a Mano chapter): a mini-game on a one-hex map.  With
-- option `joust = "on"` (the joust scenario sets it) each turn is one tilt,
-- run by the `tilt` phase before anything else: each knight's side
-- chooses an aiming point, then a defensive position permitted by its own
-- aiming point (both asked inside the one action, so neither side's
-- choice is in the game before both have chosen), then the Jousting
-- Matrix is read both ways: a knight's AP against the other's DP gives
-- his codes and his score.  After a B (he broke his lance) or an H (he
-- knocked off the other's helm) "he must assume defensive position 4 or 6
-- on the next tilt" (NOTES.md: the knight concerned is the one whose code
-- it is, A-134).  After three tilts the higher total wins the tournament.
-- No initiative, movement, fire or melee is played in a joust.
local M = {}
local function T() return rules.tables end

function M.on() return bitwa.option("joust") == "on" end

-- the two knights: the first unit of each side
local function knights()
  local out = {}
  for _, s in ipairs(bitwa.sides()) do
    local u = bitwa.units { side = s }[1]
    if u then out[#out + 1] = u end
  end
  return out
end

-- the DPs a knight may take: those its AP permits, and only 4 or 6 when
-- the last tilt bound it
local function permitted(u, ap)
  local out = {}
  for _, dp in ipairs(T().joust_permitted[ap]) do
    local ok = true
    if bitwa.var("joust.bound." .. u.name) then
      ok = false
      for _, f in ipairs(T().joust_after) do if f == dp then ok = true end end
    end
    if ok then out[#out + 1] = tostring(dp) end
  end
  return out
end

-- the score of codes "B/U/I": the sum of their values
function M.score(codes)
  local n = 0
  for c in codes:gmatch("[^/]+") do n = n + T().joust_results[c] end
  return n
end

function M.tilt()
  if not M.on() then return end
  local k = knights()
  if #k < 2 then return end
  local choice = {}
  for _, u in ipairs(k) do
    local aps = {}
    for i = 1, #T().joust_ap do aps[i] = tostring(i) end
    local ap = math.tointeger(tonumber(bitwa.decide { side = u.side, kind = "aiming_point", options = aps,
      prompt = "Jousting: " .. u.name .. "'s aiming point (1 Helm ... 8 Base Point)" }))
    local dps = permitted(u, ap)
    local dp = math.tointeger(tonumber(bitwa.decide { side = u.side, kind = "defensive_position", options = dps,
      prompt = "Jousting: " .. u.name .. "'s defensive position (aiming at " .. T().joust_ap[ap] .. ")" }))
    choice[#choice + 1] = { u = u, ap = ap, dp = dp }
  end
  local n = (bitwa.var("joust.tilt") or 0) + 1
  bitwa.set_var("joust.tilt", n)
  for i, c in ipairs(choice) do
    local other = choice[3 - i]
    local codes = T().joust_matrix[c.ap][other.dp]
    local pts = M.score(codes)
    local key = "joust.score." .. c.u.side
    bitwa.set_var(key, (bitwa.var(key) or 0) + pts)
    bitwa.note("Jousting: tilt " .. n .. ", " .. c.u.name .. " aims at " .. T().joust_ap[c.ap] .. " against "
      .. T().joust_dp[other.dp] .. ": " .. codes .. " (" .. pts .. ")")
  end
  -- "*": a B binds the attacker (his lance broken), an H the defender (his
  -- helm lost), for the next tilt only
  for i, c in ipairs(choice) do
    local other = choice[3 - i]
    local mine, theirs = T().joust_matrix[c.ap][other.dp], T().joust_matrix[other.ap][c.dp]
    local bound = mine:find("B", 1, true) ~= nil or theirs:find("H", 1, true) ~= nil
    bitwa.set_var("joust.bound." .. c.u.name, bound or nil)
  end
  if n >= T().joust_tilts then
    local a, b = choice[1].u.side, choice[2].u.side
    local sa, sb = bitwa.var("joust.score." .. a) or 0, bitwa.var("joust.score." .. b) or 0
    local winner = sa > sb and a or (sb > sa and b or "")
    local reason = "Jousting: Tournament, " .. sa .. " to " .. sb .. " after three tilts"
    -- "The loser must forfeit his armor and warhorse to the winner": the
    -- loser's armour and horse pass to the winner (the variables
    -- joust.spoils, the loser, and joust.spoils_to, the winner; the note and
    -- the result's reason); a draw forfeits nothing
    if winner ~= "" then
      local w, l = choice[1].u, choice[2].u
      if winner == b then w, l = l, w end
      bitwa.set_var("joust.spoils", l.name)
      bitwa.set_var("joust.spoils_to", w.name)
      local spoils = l.name .. " forfeits his armour and warhorse to " .. w.name
      bitwa.note("Jousting: Tournament: " .. spoils)
      reason = reason .. "; " .. spoils
    end
    bitwa.game_over { winner = winner, level = winner ~= "" and "tournament" or "draw",
                      reason = reason, vp = { [a] = sa, [b] = sb } }
  end
end

return M
