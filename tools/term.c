/*
** tools/term.c -- bitwa.term: a line read at the terminal with libedit's
** line editing, history and completion.
**
**   bitwa.term.readline(prompt [, complete]) -> the line, or nil at the
**     end of input (Ctrl-D).  complete(before, word) -> a list of the
**     candidates for the word being completed: `before` is the line up
**     to that word, `word` what is typed of it.  Words break at spaces
**     and commas.
**   bitwa.term.add_history(line): the line joins the history (Up, Ctrl-P).
**
** This file only moves text: what a candidate is, and what a line means,
** is the Lua side's business (lua/engine/prompt.lua).  An error in
** complete is swallowed (no candidates): the line being typed is not lost.
*/
#include "term.h"

#ifdef BITWA_EDIT

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <editline/readline.h>
#include <lauxlib.h>

static lua_State *comp_L = NULL;     /* the state of the readline call */
static int comp_ref = LUA_NOREF;     /* its complete function */
static char **cands = NULL;          /* the candidates of the last call */
static size_t ncands = 0, next_cand = 0;

static void free_cands (void) {
  size_t i;
  for (i = 0; i < ncands; i++) free(cands[i]);
  free(cands);
  cands = NULL;
  ncands = next_cand = 0;
}

/* complete(before, word) -> cands (strings only; at most 10000) */
static int call_complete (lua_State *L) {
  const char *before = lua_touserdata(L, 1);
  const char *word = lua_touserdata(L, 2);
  lua_Integer i, n;
  lua_rawgeti(L, LUA_REGISTRYINDEX, comp_ref);
  lua_pushstring(L, before);
  lua_pushstring(L, word);
  lua_call(L, 2, 1);
  if (!lua_istable(L, -1)) return 0;
  n = (lua_Integer)lua_rawlen(L, -1);
  if (n > 10000) n = 10000;
  cands = calloc((size_t)n + 1, sizeof *cands);
  if (cands == NULL) return 0;
  for (i = 1; i <= n; i++) {
    if (lua_rawgeti(L, -1, i) == LUA_TSTRING) {
      char *c = strdup(lua_tostring(L, -1));
      if (c) cands[ncands++] = c;
    }
    lua_pop(L, 1);
  }
  return 0;
}

static char *generate (const char *text, int state) {
  (void) text;
  if (state == 0) next_cand = 0;
  if (next_cand < ncands) return strdup(cands[next_cand++]);
  return NULL;
}

static char **attempt (const char *text, int start, int end) {
  char *before;
  (void) end;
  rl_attempted_completion_over = 1;          /* never file names */
  free_cands();
  if (comp_L == NULL || comp_ref == LUA_NOREF || start < 0) return NULL;
  before = malloc((size_t)start + 1);
  if (before == NULL) return NULL;
  memcpy(before, rl_line_buffer, (size_t)start);
  before[start] = '\0';
  lua_pushcfunction(comp_L, call_complete);
  lua_pushlightuserdata(comp_L, before);
  lua_pushlightuserdata(comp_L, (void *)text);
  if (lua_pcall(comp_L, 2, 0, 0) != LUA_OK) lua_pop(comp_L, 1);
  free(before);
  if (ncands == 0) return NULL;
  return rl_completion_matches(text, generate);
}

static int term_readline (lua_State *L) {
  const char *prompt = luaL_checkstring(L, 1);
  char *line;
  if (!lua_isnoneornil(L, 2)) {
    luaL_checktype(L, 2, LUA_TFUNCTION);
    lua_pushvalue(L, 2);
    comp_ref = luaL_ref(L, LUA_REGISTRYINDEX);
  }
  comp_L = L;
  rl_attempted_completion_function = attempt;
  rl_basic_word_break_characters = " \t\n,";
  rl_completion_append_character = ' ';
  line = readline(prompt);
  comp_L = NULL;
  if (comp_ref != LUA_NOREF) luaL_unref(L, LUA_REGISTRYINDEX, comp_ref);
  comp_ref = LUA_NOREF;
  free_cands();
  if (line == NULL) {
    lua_pushnil(L);
    return 1;
  }
  lua_pushstring(L, line);
  free(line);
  return 1;
}

static int term_add_history (lua_State *L) {
  add_history(luaL_checkstring(L, 1));
  return 0;
}

void bitwa_term_register (lua_State *L) {
  if (lua_getglobal(L, "bitwa") == LUA_TTABLE) {
    lua_pushliteral(L, "term");
    lua_newtable(L);
    lua_pushcfunction(L, term_readline);
    lua_setfield(L, -2, "readline");
    lua_pushcfunction(L, term_add_history);
    lua_setfield(L, -2, "add_history");
    lua_rawset(L, -3);
  }
  lua_pop(L, 1);
}

#else

void bitwa_term_register (lua_State *L) { (void) L; }

#endif
