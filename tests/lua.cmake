# Lua-level tests, run by the bitwa command itself so that they exercise
# the same lua_State, sandbox and bounded string matcher as a game.
set(BITWA_TEST_ENV "BITWA_HOME=${CMAKE_SOURCE_DIR}")

add_test(NAME lua.json COMMAND bitwa script tests/lua/test_json.lua
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
add_test(NAME lua.mapfile COMMAND bitwa script tests/lua/test_mapfile.lua
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
add_test(NAME lua.engine COMMAND bitwa test tests/lua/engine
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
add_test(NAME rules.fixtures COMMAND bitwa test skirmish skirmish-plus initiative sealed stages
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
add_test(NAME rules.grunwald COMMAND bitwa test grunwald
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
add_test(NAME rules.legnica COMMAND bitwa test legnica
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
add_test(NAME rules.husaria COMMAND bitwa test husaria
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
add_test(NAME rules.grognard COMMAND bitwa test grognard
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
add_test(NAME cli COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/test_cli.sh $<TARGET_FILE:bitwa>
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
add_test(NAME determinism COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/test_determinism.sh $<TARGET_FILE:bitwa>
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
add_test(NAME cli.sim COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/test_sim.sh $<TARGET_FILE:bitwa>
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
add_test(NAME cli.modding COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/test_modding.sh $<TARGET_FILE:bitwa>
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
set_tests_properties(lua.json lua.mapfile lua.engine rules.fixtures rules.grunwald rules.legnica rules.husaria rules.grognard cli determinism cli.sim cli.modding
                     PROPERTIES ENVIRONMENT "${BITWA_TEST_ENV}")
# every ruleset's scenarios and overlays in the viewer (bitwa serve's position and board)
add_test(NAME lua.viewer COMMAND bitwa script tests/lua/test_viewer.lua
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
set_tests_properties(lua.viewer PROPERTIES ENVIRONMENT "${BITWA_TEST_ENV}")
# bitwa serve's JSON API on a loopback port (skipped without libmicrohttpd)
add_test(NAME cli.serve COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/test_serve.sh $<TARGET_FILE:bitwa>
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
set_tests_properties(cli.serve PROPERTIES ENVIRONMENT "${BITWA_TEST_ENV}" TIMEOUT 1200 SKIP_RETURN_CODE 77)
# the page in a real browser (headless Chromium, playwright-core); its
# screenshots are left in the build folder (web-test/*.png)
add_test(NAME web.browser COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/web/run.sh $<TARGET_FILE:bitwa>
         ${CMAKE_BINARY_DIR}/web-test WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
set_tests_properties(web.browser PROPERTIES ENVIRONMENT "${BITWA_TEST_ENV}" TIMEOUT 600 SKIP_RETURN_CODE 77
                     LABELS browser)
# bitwa play on a pseudo-terminal (tests/cli/pty_drive.c types into it)
# and through a pipe, and the grouped bitwa actions
add_executable(pty_drive ${CMAKE_CURRENT_SOURCE_DIR}/cli/pty_drive.c)
get_property(BITWA_EDIT_BUILT GLOBAL PROPERTY BITWA_EDIT)
if(NOT BITWA_EDIT_BUILT)
  set(BITWA_EDIT_BUILT plain)
endif()
add_test(NAME cli.play COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/test_play.sh $<TARGET_FILE:bitwa>
         $<TARGET_FILE:pty_drive> ${BITWA_EDIT_BUILT} WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
if(BITWA_SANITIZE)
  set(BITWA_PLAY_FACTOR 5)
else()
  set(BITWA_PLAY_FACTOR 1)
endif()
set_tests_properties(cli.play PROPERTIES TIMEOUT 600
                     ENVIRONMENT "${BITWA_TEST_ENV};BITWA_TIME_FACTOR=${BITWA_PLAY_FACTOR}")
# tools/bench_combat.lua runs (its checks, not its timings)
add_test(NAME tools.bench_combat COMMAND bitwa script tools/bench_combat.lua 0.01
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
set_tests_properties(tools.bench_combat PROPERTIES ENVIRONMENT "${BITWA_TEST_ENV}" TIMEOUT 60)
# tools/rule_coverage.lua --check: its own checks, then every rule and
# worked example of the five books (their indexes in rulesets/*/tests)
# named by a test or declared out of scope; where the books are found
# (BITWA_BOOKS, or ../shared/rules beside the source tree) the indexes
# are made again from them and compared
add_test(NAME rules.coverage COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/test_rule_coverage.sh $<TARGET_FILE:bitwa>
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
set_tests_properties(rules.coverage PROPERTIES ENVIRONMENT "${BITWA_TEST_ENV}" TIMEOUT 120)
# tools/bench_games.sh on the fixture game (its table, not its timings)
add_test(NAME cli.bench_games COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/test_bench_games.sh $<TARGET_FILE:bitwa>
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
set_tests_properties(cli.bench_games PROPERTIES ENVIRONMENT "${BITWA_TEST_ENV}" TIMEOUT 180)

# Hostile content against the sandbox (tests/hostile/run.sh); its time
# limits are stretched under the sanitizers.
if(BITWA_SANITIZE)
  set(BITWA_TIME_FACTOR 5)
else()
  set(BITWA_TIME_FACTOR 1)
endif()
add_test(NAME hostile COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/hostile/run.sh $<TARGET_FILE:bitwa>
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
set_tests_properties(hostile PROPERTIES TIMEOUT 1500
                     ENVIRONMENT "${BITWA_TEST_ENV};BITWA_TIME_FACTOR=${BITWA_TIME_FACTOR}")

# A whole battle takes minutes: run by tools/test.sh on the optimised
# build (ctest -L long), not under the sanitizers.
add_test(NAME game.grunwald.full COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/test_full_game.sh $<TARGET_FILE:bitwa>
         grunwald/clash-of-titans 1 WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
set_tests_properties(game.grunwald.full PROPERTIES LABELS long TIMEOUT 1200
                     ENVIRONMENT "${BITWA_TEST_ENV}")
add_test(NAME game.legnica.full COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/test_full_game.sh $<TARGET_FILE:bitwa>
         legnica/henry-ii 1 WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
set_tests_properties(game.legnica.full PROPERTIES LABELS long TIMEOUT 1200
                     ENVIRONMENT "${BITWA_TEST_ENV}")
add_test(NAME game.husaria.kircholm COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/test_full_game.sh $<TARGET_FILE:bitwa>
         husaria/kircholm 1 WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
set_tests_properties(game.husaria.kircholm PROPERTIES LABELS long TIMEOUT 1200
                     ENVIRONMENT "${BITWA_TEST_ENV}")
add_test(NAME game.husaria.morgon-slaget COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/test_full_game.sh $<TARGET_FILE:bitwa>
         husaria/morgon-slaget 1 WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
set_tests_properties(game.husaria.morgon-slaget PROPERTIES LABELS long TIMEOUT 1200
                     ENVIRONMENT "${BITWA_TEST_ENV}")
add_test(NAME game.husaria.kokenhausen COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/test_full_game.sh $<TARGET_FILE:bitwa>
         husaria/kokenhausen 1 WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
set_tests_properties(game.husaria.kokenhausen PROPERTIES LABELS long TIMEOUT 1200
                     ENVIRONMENT "${BITWA_TEST_ENV}")
add_test(NAME game.grognard.crecy COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/test_full_game.sh $<TARGET_FILE:bitwa>
         grognard/crecy 1 WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
set_tests_properties(game.grognard.crecy PROPERTIES LABELS long TIMEOUT 1200
                     ENVIRONMENT "${BITWA_TEST_ENV}")
# the rules bots pinned as fixed opponents (tests/bots): whole battles
add_test(NAME cli.bots COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/test_bots.sh $<TARGET_FILE:bitwa>
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
set_tests_properties(cli.bots PROPERTIES ENVIRONMENT "${BITWA_TEST_ENV}" LABELS long TIMEOUT 1200)
