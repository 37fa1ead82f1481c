/*
** core/lua_strmatch.c -- string.find, match, gmatch and gsub for rule
** code, with the behaviour of Lua 5.4's but a bounded amount of work
** per call (see strmatch.h).
**
** Every function keeps its step budget in its first upvalue.  Errors
** are raised with luaL_error, so they carry the caller's "chunk:line:"
** prefix just as the standard library's do.
*/
#include <string.h>

#include <lauxlib.h>
#include <lua.h>

#include "lua_strmatch.h"
#include "script.h"
#include "strmatch.h"

/* Matcher steps per instruction charged to the budget of rule code. */
#define STEPS_PER_INSTRUCTION 4
/* Bytes compared per instruction charged (plain search). */
#define BYTES_PER_INSTRUCTION 16

/* Charge the steps match state m has used since it started with
** `budget` steps. */
static void charge_steps (lua_State *L, const bitwa_sm *m, long budget) {
  if (budget > m->steps)
    bitwa_script_charge(L, (budget - m->steps) / STEPS_PER_INSTRUCTION);
}

#define NOPOS ((size_t)-1)

/*
** The budget of the running function (its first upvalue).
*/
static long budget_of (lua_State *L) {
  return (long)lua_tointeger(L, lua_upvalueindex(1));
}

/*
** Raise the matcher's error as a Lua error.
*/
static int raise_match_error (lua_State *L, const bitwa_sm *m, long budget) {
  charge_steps(L, m, budget);
  return luaL_error(L, "%s", bitwa_sm_error(m));
}

/*
** A start position argument as Lua reads it: negative counts from the
** end, 0 and anything before the start mean 1.  Returns an offset
** (position - 1), which may exceed len.
*/
static size_t start_offset (lua_State *L, int arg, size_t len) {
  lua_Integer pos = luaL_optinteger(L, arg, 1);
  if (pos > (lua_Integer)len)
    return pos == (lua_Integer)len + 1 ? len : len + 1;
  if (pos > 0)
    return (size_t)pos - 1;
  if (pos == 0 || pos < -(lua_Integer)len)
    return 0;
  return (size_t)((lua_Integer)len + pos);
}

/*
** Push capture i of the last match; with no captures, index 0 stands
** for the whole match s .. e.
*/
static void push_capture (lua_State *L, const bitwa_sm *m, int i,
                          size_t s, size_t e) {
  if (i >= m->level) {
    if (i != 0)
      luaL_error(L, "invalid capture index %%%d", i + 1);
    lua_pushlstring(L, m->src + s, e - s);
    return;
  }
  ptrdiff_t len = m->cap[i].len;
  if (len == BITWA_SM_CAP_UNFINISHED)
    luaL_error(L, "unfinished capture");
  if (len == BITWA_SM_CAP_POSITION)
    lua_pushinteger(L, (lua_Integer)m->cap[i].init + 1);
  else
    lua_pushlstring(L, m->src + m->cap[i].init, (size_t)len);
}

/*
** Push all captures (the whole match s .. e when there are none and
** whole is set) and return how many were pushed.
*/
static int push_captures (lua_State *L, const bitwa_sm *m, size_t s,
                          size_t e, int whole) {
  int n = (m->level == 0 && whole) ? 1 : m->level;
  luaL_checkstack(L, n, "too many captures");
  for (int i = 0; i < n; i++)
    push_capture(L, m, i, s, e);
  return n;
}

/*
** Plain search for p (length lp) in s (length ls); NULL when absent.
** An empty p is found at once.
*/
static const char *find_plain (const char *s, size_t ls, const char *p,
                               size_t lp, size_t *work) {
  if (lp == 0)
    return s;
  while (ls >= lp) {
    const char *hit = memchr(s, p[0], ls - lp + 1);
    if (hit == NULL) {
      *work += ls;
      return NULL;
    }
    *work += (size_t)(hit - s) + lp;
    if (memcmp(hit + 1, p + 1, lp - 1) == 0)
      return hit;
    ls -= (size_t)(hit + 1 - s);
    s = hit + 1;
  }
  return NULL;
}

/*
** Shared body of find (find = 1) and match (find = 0).
*/
static int find_or_match (lua_State *L, int find) {
  size_t ls, lp;
  const char *s = luaL_checklstring(L, 1, &ls);
  const char *p = luaL_checklstring(L, 2, &lp);
  size_t init = start_offset(L, 3, ls);
  if (init > ls) {
    luaL_pushfail(L);
    return 1;
  }
  if (find && (lua_toboolean(L, 4) || !bitwa_sm_has_specials(p, lp))) {
    size_t work = 0;
    const char *hit = find_plain(s + init, ls - init, p, lp, &work);
    bitwa_script_charge(L, (long long)(work / BYTES_PER_INSTRUCTION));
    if (hit != NULL) {
      lua_pushinteger(L, (lua_Integer)(hit - s) + 1);
      lua_pushinteger(L, (lua_Integer)(hit - s + lp));
      return 2;
    }
  }
  else {
    bitwa_sm m;
    size_t e;
    size_t p0 = (lp > 0 && p[0] == '^') ? 1 : 0;
    long budget = budget_of(L);
    bitwa_sm_init(&m, s, ls, p, lp, budget);
    for (size_t at = init; ; at++) {
      int r = bitwa_sm_match(&m, at, p0, &e);
      if (r < 0)
        return raise_match_error(L, &m, budget);
      if (r == BITWA_SM_MATCH) {
        charge_steps(L, &m, budget);
        if (!find)
          return push_captures(L, &m, at, e, 1);
        lua_pushinteger(L, (lua_Integer)at + 1);
        lua_pushinteger(L, (lua_Integer)e);
        return push_captures(L, &m, 0, 0, 0) + 2;
      }
      if (p0 || at >= ls)
        break;
    }
    charge_steps(L, &m, budget);
  }
  luaL_pushfail(L);
  return 1;
}

/*
** string.find (s, pattern [, init [, plain]])
*/
static int sm_find (lua_State *L) {
  return find_or_match(L, 1);
}

/*
** string.match (s, pattern [, init])
*/
static int sm_match (lua_State *L) {
  return find_or_match(L, 0);
}

/* Where a gmatch iteration stands. */
typedef struct {
  size_t next;          /* offset to try next */
  size_t last_end;      /* end of the previous match, NOPOS at first */
  long budget;
} gmatch_state;

/*
** The gmatch iterator.  Upvalues: subject, pattern, gmatch_state.  A
** match ending where the previous one ended (an empty match right
** after it) is skipped.
*/
static int gmatch_next (lua_State *L) {
  size_t ls, lp;
  const char *s = lua_tolstring(L, lua_upvalueindex(1), &ls);
  const char *p = lua_tolstring(L, lua_upvalueindex(2), &lp);
  gmatch_state *g = lua_touserdata(L, lua_upvalueindex(3));
  bitwa_sm m;
  bitwa_sm_init(&m, s, ls, p, lp, g->budget);
  for (size_t at = g->next; at <= ls; at++) {
    size_t e;
    int r = bitwa_sm_match(&m, at, 0, &e);
    if (r < 0)
      return raise_match_error(L, &m, g->budget);
    if (r == BITWA_SM_MATCH && e != g->last_end) {
      g->next = g->last_end = e;
      charge_steps(L, &m, g->budget);
      return push_captures(L, &m, at, e, 1);
    }
  }
  charge_steps(L, &m, g->budget);
  return 0;
}

/*
** string.gmatch (s, pattern [, init]).  A '^' is an ordinary byte here.
*/
static int sm_gmatch (lua_State *L) {
  size_t ls, lp;
  luaL_checklstring(L, 1, &ls);
  luaL_checklstring(L, 2, &lp);
  size_t init = start_offset(L, 3, ls);
  long budget = budget_of(L);
  lua_settop(L, 2);
  gmatch_state *g = lua_newuserdatauv(L, sizeof *g, 0);
  g->next = init > ls ? ls + 1 : init;
  g->last_end = NOPOS;
  g->budget = budget;
  lua_pushcclosure(L, gmatch_next, 3);
  return 1;
}

/*
** Append a replacement string (argument 3) for the match s .. e:
** "%0" is the whole match, "%1".."%9" captures, "%%" a percent sign.
*/
static void add_template (lua_State *L, luaL_Buffer *b, const bitwa_sm *m,
                          size_t s, size_t e) {
  size_t len;
  const char *t = lua_tolstring(L, 3, &len);
  size_t i = 0;
  for (;;) {
    const char *pct = memchr(t + i, '%', len - i);
    if (pct == NULL)
      break;
    size_t k = (size_t)(pct - t);
    luaL_addlstring(b, t + i, k - i);
    int c = k + 1 < len ? (unsigned char)t[k + 1] : '\0';
    if (c == '%')
      luaL_addchar(b, '%');
    else if (c == '0')
      luaL_addlstring(b, m->src + s, e - s);
    else if (c >= '1' && c <= '9') {
      push_capture(L, m, c - '1', s, e);
      luaL_addvalue(b);           /* strings and positions alike */
    }
    else
      luaL_error(L, "invalid use of '%%' in replacement string");
    i = k + 2;
  }
  luaL_addlstring(b, t + i, len - i);
}

/*
** Append the replacement for the match s .. e according to the type tr
** of argument 3.  Returns whether the text changed (a function or table
** giving false or nil keeps the match as it was).
*/
static int add_replacement (lua_State *L, luaL_Buffer *b, const bitwa_sm *m,
                            size_t s, size_t e, int tr) {
  if (tr == LUA_TFUNCTION) {
    lua_pushvalue(L, 3);
    int n = push_captures(L, m, s, e, 1);
    lua_call(L, n, 1);
  }
  else if (tr == LUA_TTABLE) {
    push_capture(L, m, 0, s, e);
    lua_gettable(L, 3);
  }
  else {
    add_template(L, b, m, s, e);
    return 1;
  }
  if (!lua_toboolean(L, -1)) {
    lua_pop(L, 1);
    luaL_addlstring(b, m->src + s, e - s);
    return 0;
  }
  if (!lua_isstring(L, -1))
    return luaL_error(L, "invalid replacement value (a %s)",
                      luaL_typename(L, -1));
  luaL_addvalue(b);
  return 1;
}

/*
** string.gsub (s, pattern, repl [, n])
*/
static int sm_gsub (lua_State *L) {
  size_t ls, lp;
  const char *s = luaL_checklstring(L, 1, &ls);
  const char *p = luaL_checklstring(L, 2, &lp);
  int tr = lua_type(L, 3);
  lua_Integer max_n = luaL_optinteger(L, 4, (lua_Integer)ls + 1);
  size_t p0 = (lp > 0 && p[0] == '^') ? 1 : 0;
  luaL_argexpected(L, tr == LUA_TNUMBER || tr == LUA_TSTRING ||
                   tr == LUA_TFUNCTION || tr == LUA_TTABLE, 3,
                   "string/function/table");
  luaL_Buffer b;
  luaL_buffinit(L, &b);
  bitwa_sm m;
  long budget = budget_of(L);
  bitwa_sm_init(&m, s, ls, p, lp, budget);
  size_t at = 0, last_end = NOPOS;
  lua_Integer n = 0;
  int changed = 0;
  while (n < max_n) {
    size_t e;
    int r = bitwa_sm_match(&m, at, p0, &e);
    if (r < 0)
      return raise_match_error(L, &m, budget);
    if (r == BITWA_SM_MATCH && e != last_end) {
      n++;
      changed |= add_replacement(L, &b, &m, at, e, tr);
      at = last_end = e;
    }
    else if (at < ls)
      luaL_addchar(&b, s[at++]);
    else
      break;
    if (p0)
      break;
  }
  if (!changed)
    lua_pushvalue(L, 1);
  else {
    luaL_addlstring(&b, s + at, ls - at);
    luaL_pushresult(&b);
  }
  charge_steps(L, &m, budget);
  lua_pushinteger(L, n);
  return 2;
}

/*
** Install with an explicit budget; see lua_strmatch.h.
*/
void bitwa_strmatch_install_budget (lua_State *L, int idx, long steps) {
  static const struct { const char *name; lua_CFunction f; } fns[] = {
    { "find", sm_find }, { "match", sm_match },
    { "gmatch", sm_gmatch }, { "gsub", sm_gsub }
  };
  idx = lua_absindex(L, idx);
  if (steps <= 0)
    steps = BITWA_SM_DEFAULT_BUDGET;
  for (size_t i = 0; i < sizeof fns / sizeof fns[0]; i++) {
    lua_pushinteger(L, (lua_Integer)steps);
    lua_pushcclosure(L, fns[i].f, 1);
    lua_setfield(L, idx, fns[i].name);
  }
}

/*
** Install with the default budget; see lua_strmatch.h.
*/
void bitwa_strmatch_install (lua_State *L, int idx) {
  bitwa_strmatch_install_budget(L, idx, BITWA_SM_DEFAULT_BUDGET);
}
