-- Jousting: the tables against the book's lines (L593-620) and the
-- tournament on the joust scenario (a one-hex map, three tilts), every
-- choice given as the decisions' answers.
local rs = ruleset.load("grognard", { freeze = false })
local T = rs.modules.tables

test("Jousting: aiming points, defensive positions, permitted defensive positions, given aiming point; the Jousting Matrix and Results, every cell (L574-620)", function()
  local MATRIX = [[
AP=1 | M | M | M | H | U | M
2 | U | B | M | B | B | M
3 | B/U/I | U | M | B | B/U | U/I
4 | M | M | B | M | M | U
5 | B | B/U | M | B | M | B
6 | B/U | M | B | B/U | B/U/I | B
7 | M | M | B/U | M | M | M
8 | B | M | U | B | B/U/I | B
]]
  local ap = 0
  for l in MATRIX:gmatch("[^\n]+") do
    ap = ap + 1
    local cells = {}
    for c in (l .. "|"):gmatch("%s*([^|]-)%s*|") do cells[#cells + 1] = c end
    eq(#cells, 7)
    for dp = 1, 6 do eq(T.joust_matrix[ap][dp], cells[dp + 1], "AP " .. ap .. " DP " .. dp) end
  end
  eq(ap, 8)
  eq(T.joust_results, { B = -1, H = 3, I = 10, M = 0, U = 20 })
  eq(T.joust_ap, { "Helm", "Dexter Chief Point", "Honor Point", "Sinister Point", "Dexter Flank", "Nombril Point",
                   "Sinister Flank", "Base Point" })
  eq(T.joust_dp, { "Lower Helm", "Lean Right", "Lean Left", "Steady Seat", "Shield High", "Shield Low" })
  -- "1. *Helm*: (4) Steady Seat, (5) Shield High, (6) Shield Low" ... "Any" = 1-6
  local PERMITTED = { "4 5 6", "3 4 5 6", "Any", "2 4 5 6", "4 5 6", "Any", "4 5 6", "1 4 5 6" }
  for i, p in ipairs(PERMITTED) do
    eq(table.concat(T.joust_permitted[i], " "), p == "Any" and "1 2 3 4 5 6" or p, "AP " .. i)
  end
end)

local function step(g, x)
  local r = g:answer(x)
  eq(r.status, "decision", "the next choice is asked")
end

local function tilt(g, a_ap, a_dp, b_ap, b_dp)
  for _, x in ipairs { a_ap, a_dp, b_ap, b_dp } do
    local r = g:answer(tostring(x))
    ok(r.status == "decision" or r.status == "done", tostring(r.status) .. " " .. tostring(r.message))
  end
end

test("Jousting: T-GG-12 AP 3 against DP 1 gives B/U/I, 29 points, and the attacker must take DP 4 or 6 next tilt; Tournament: the higher score after three tilts wins", function()
  local g = game { ruleset = "grognard", scenario = "joust", seed = 1 }
  local req = g:pending_request()
  eq({ req.side, req.kind, #req.options }, { "A", "aiming_point", 8 })
  -- tilt 1: Sir Hugh aims at the Honor Point (3), Sir Reynaud sits Lower Helm (1): B/U/I;
  -- Sir Reynaud aims at the Base Point (8) against Shield Low (6): B
  tilt(g, 3, 6, 8, 1)
  eq({ g:var("joust.score.A"), g:var("joust.score.B") }, { 29, -1 })
  eq({ g:var("joust.bound.Sir Hugh"), g:var("joust.bound.Sir Reynaud") }, { true, true }, "both lances broke")
  -- tilt 2: bound, each may only take DP 4 or 6
  step(g, "3")
  eq(g:pending_request().options, { "4", "6" })
  refused(g:answer("5"))
  step(g, "4")
  step(g, "1")
  eq(g:pending_request().options, { "4", "6" })
  step(g, "6")
  -- Hugh AP 3 vs DP 6: U/I (30); Reynaud AP 1 vs DP 4: H (3): Hugh lost his helm, bound again
  eq({ g:var("joust.score.A"), g:var("joust.score.B") }, { 59, 2 })
  eq({ g:var("joust.bound.Sir Hugh"), g:var("joust.bound.Sir Reynaud") }, { true, nil })
  -- tilt 3: Reynaud, free again, aims at the Helm: DP 4, 5, 6 only (not 2)
  step(g, "7")
  step(g, "4")
  step(g, "1")
  eq(g:pending_request().options, { "4", "5", "6" })
  local r3 = g:answer("6")
  eq(r3.status, "done")
  -- Hugh AP 7 vs DP 6: M; Reynaud AP 1 vs DP 4: H
  ok(g:is_over())
  local r = g:result()
  eq({ r.winner, r.vp.A, r.vp.B }, { "A", 59, 5 })
  -- Tournament: "The loser must forfeit his armor and warhorse to the winner"
  eq({ g:var("joust.spoils"), g:var("joust.spoils_to") }, { "Sir Reynaud", "Sir Hugh" })
  ok(r.reason:find("Sir Reynaud forfeits his armour and warhorse to Sir Hugh", 1, true), r.reason)
end)

test("Jousting: Tournament, equal scores after three tilts: a draw, and nobody forfeits armour or warhorse", function()
  local g = game { ruleset = "grognard", scenario = "joust", seed = 1 }
  -- both aim at the Honor Point against Steady Seat: B each (-1), both bound; then AP 4 against DP 4: M, twice
  tilt(g, 3, 4, 3, 4)
  tilt(g, 4, 4, 4, 4)
  tilt(g, 4, 4, 4, 4)
  ok(g:is_over())
  local r = g:result()
  eq({ r.winner, r.vp.A, r.vp.B }, { "", -1, -1 })
  eq(g:var("joust.spoils"), nil)
  eq(r.reason:find("forfeits", 1, true), nil)
end)
