-- Skirmish at Wola with a rules bot module, and a render module, whose
-- tables hide every field behind a looping __index: the engine reads the
-- bot's propose/answer and render's colours raw, so nothing of theirs runs
-- outside the budget (tests/hostile/run.sh plays it with the rules bots).
return {
  name = "evilbot",
  extends = "skirmish",
  title = "A bot module behind a looping __index (sandbox test fixture)",
  modules = { "bot", "render" },
}
