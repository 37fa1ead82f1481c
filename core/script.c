/*
** core/script.c -- the lua_State, the sandbox and its limits.
**
** This file is the one list of what rule code may use, in the manner
** of Lua's linit.c.  Rule code gets: assert error ipairs next pairs
** pcall xpcall rawequal rawget rawlen select setmetatable getmetatable
** tonumber tostring type load _VERSION, and private copies of string,
** table, math and utf8.  It does not get: io, os, debug, package,
** coroutine, require (the engine supplies its own, confined to lua/lib
** and the ruleset chain), dofile, loadfile, collectgarbage, rawset,
** print, string.dump, math.random (replaced by the game's logged dice).
**
** Deterministic by construction: pairs and next walk keys in sorted
** order (keys ordered by their own __lt only for the kernel's hexes and
** the engine's units), table.sort is a stable merge sort, tostring and
** string.format never show an address (%p refused), metatables with
** __gc or __mode are refused and a metatable in use cannot get them
** later (their timing depends on the collector), load takes text
** chunks only.
**
** Bounded: an xpcall message handler never runs after a kill; C work
** that grows with its arguments is charged to the instruction budget
** (long strings made, matcher steps, sorts, pairs, next, table.move,
** unpack, insert, remove, concat, string.byte, utf8.len/codepoint);
** a CPU-time ceiling per run backs that up for work nothing counts.
**
** The budget's cost.  With any hook set, Lua 5.4's interpreter takes its
** "trap" path at every instruction fetch (luaG_traceexec decrements the
** count), whatever the hook's step: rule code pays per instruction, not
** per firing.  Nothing cheaper keeps both guarantees in stock Lua 5.4: a
** line hook takes the same path; a timer or signal that arms the hook
** (lua_sethook is signal-safe) costs nothing until it fires but stops code
** at a place that depends on the machine's speed; counting only calls and
** backward jumps needs a changed VM (Lua comes from the system's package);
** leaving the hook off while engine functions called by rules run saves
** little (rule code dominates) and costs a lua_sethook per call.  So the
** count hook stays, set only on the threads that run rule code.
*/
#include "script.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <lauxlib.h>
#include <lualib.h>

#include "lua_strmatch.h"

#define HOOK_STEP 1000          /* instructions between budget checks */
#define MEMORY_SLACK (16u << 20)
#define CLOCK_EVERY 16          /* hook firings between CPU-time checks */
#define CPU_LIMIT_DEFAULT 20.0  /* seconds of CPU time per run of rule code */
/* C work charged to the budget, in instructions: a long string made
** costs one per STRING_BYTES bytes, a key sorted or walked one each. */
#define STRING_BYTES 4
#define LONG_STRING 64          /* allocations of strings above this size */
#define SORT_PASS_C 32          /* per element and pass of a sort by C comparisons */
#define SORT_PASS_LUA 8         /* ... when a Lua comparator is charged its own */
#define KEY_WALK 8              /* per key collected by pairs or next */
#define RUN_COST 20000          /* per run of rule code, to the outer limits */

struct bitwa_script {
  size_t used;                  /* bytes held by the lua_State */
  size_t cap;                   /* 0 = no cap */
  bitwa_kill killed;
  long long budget_left;
  int budget_on;
  lua_State *running;           /* thread running rule code, if any */
  char engine_src[300];         /* "@HOME/lua/": sources of engine code */
  int clock_tick;               /* hook firings since the last CPU check */
  double cpu_start;             /* thread CPU time when the run started */
  double cpu_limit;             /* seconds; 0 = none */
  char kill_msg[512];
  /* the outer limits of modder code that calls the engine, which runs
  ** rule code under limits of its own (a ruleset's test file): charged
  ** for every instruction and byte while on, whatever runs inside, and
  ** never reset by an inner run; once exceeded, every later run is
  ** killed at once (outer_dead) until they are taken off */
  int outer_on;
  long long outer_left;
  double outer_cpu_start;
  double outer_cpu_limit;       /* seconds; 0 = none */
  size_t outer_cap;             /* absolute bytes; 0 = none */
  bitwa_kill outer_dead;
  char outer_msg[512];
  const void *classes[BITWA_CLASSES];   /* the kernel's class metatables */
  const bitwa_compiled_module *compiled; /* the engine's modules, compiled at build */
};

static const char *const kill_words[] = {
  "", "instruction budget exceeded", "memory cap exceeded", "forced dice exhausted",
  "CPU time limit exceeded"
};

static double cpu_now (void) {
  struct timespec ts;
  if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts) != 0) return 0;
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

bitwa_script *bitwa_script_get (lua_State *L) {
  return *(bitwa_script **)lua_getextraspace(L);
}

const void **bitwa_script_classes (lua_State *L) {
  return bitwa_script_get(L)->classes;
}

bitwa_kill bitwa_script_killed (lua_State *L) {
  return bitwa_script_get(L)->killed;
}

/* ------------------------------------------------------------------ */
/* The allocator: counts bytes, refuses past the cap.                  */

static void count_hook (lua_State *L, lua_Debug *ar);

static void *counting_alloc (void *ud, void *ptr, size_t osize, size_t nsize) {
  bitwa_script *S = ud;
  size_t old = ptr ? osize : 0;
  void *q;
  if (nsize == 0) {
    free(ptr);
    S->used -= old;
    return NULL;
  }
  if ((S->cap || S->outer_cap) && nsize > old) {
    size_t after = S->used - old + nsize;
    size_t cap = S->cap;
    int outer = 0;
    if (S->outer_cap && (cap == 0 || S->outer_cap < cap)) { cap = S->outer_cap; outer = 1; }
    if (after > cap) {
      if (S->killed == BITWA_KILL_NONE) {
        S->killed = BITWA_KILL_MEMORY;
        snprintf(S->kill_msg, sizeof S->kill_msg, "%s", kill_words[BITWA_KILL_MEMORY]);
        if (outer) {
          S->outer_dead = BITWA_KILL_MEMORY;
          snprintf(S->outer_msg, sizeof S->outer_msg, "%s", S->kill_msg);
        }
        /* raise it, with its position, at the next instruction */
        if (S->running) lua_sethook(S->running, count_hook, LUA_MASKCOUNT, 1);
      }
      if (after > cap + MEMORY_SLACK) return NULL;
    }
  }
  /* A new long string (never interned, so made exactly when the code
  ** makes it, in every process) charges its bytes to the budget: C
  ** functions that build big strings (string.rep, table.concat, ..,
  ** gsub) pay for their work. */
  if (ptr == NULL && osize == LUA_TSTRING && nsize > LONG_STRING &&
      (S->budget_on || S->outer_on) && S->running != NULL && S->killed == BITWA_KILL_NONE) {
    if (S->budget_on) S->budget_left -= (long long)(nsize / STRING_BYTES);
    if (S->outer_on) S->outer_left -= (long long)(nsize / STRING_BYTES);
    if ((S->budget_on && S->budget_left <= 0) || (S->outer_on && S->outer_left <= 0)) {
      S->killed = BITWA_KILL_BUDGET;
      snprintf(S->kill_msg, sizeof S->kill_msg, "%s", kill_words[BITWA_KILL_BUDGET]);
      if (S->outer_on && S->outer_left <= 0) {
        S->outer_dead = BITWA_KILL_BUDGET;
        snprintf(S->outer_msg, sizeof S->outer_msg, "%s", S->kill_msg);
      }
      lua_sethook(S->running, count_hook, LUA_MASKCOUNT, 1);
    }
  }
  q = realloc(ptr, nsize);
  if (q == NULL) return NULL;
  S->used = S->used - old + nsize;
  return q;
}

/* ------------------------------------------------------------------ */
/* Kills: budget, memory, dice.                                        */

/* "source:line: " of the innermost Lua function on thread L that is not
** the engine's (rule code that called the engine: where a kill inside
** the engine's functions left the rules), else of the innermost Lua
** function, or "".  Looks at 64 frames at most. */
static void where (lua_State *L, char *buf, size_t n) {
  lua_Debug ar;
  int level;
  const char *eng = bitwa_script_get(L)->engine_src;
  size_t elen = strlen(eng);
  buf[0] = '\0';
  for (level = 0; level < 64 && lua_getstack(L, level, &ar); level++) {
    if (lua_getinfo(L, "Sl", &ar) && ar.currentline > 0) {
      if (buf[0] == '\0') snprintf(buf, n, "%.240s:%d: ", ar.short_src, ar.currentline);
      if (elen == 0 || strncmp(ar.source, eng, elen) != 0) {
        snprintf(buf, n, "%.240s:%d: ", ar.short_src, ar.currentline);
        return;
      }
    }
  }
}

/*
** "source:line: " of the innermost frame on thread L that runs a line
** of the code the thread was started with (the source of its outermost
** Lua function): where an error raised deeper -- in a chunk that code
** loaded, a library, the engine -- left that code.  As where() when no
** frame qualifies.
*/
static void where_in_main (lua_State *L, char *buf, size_t n) {
  lua_Debug ar;
  const char *main_src = NULL;
  int level, lo = 0, hi = 1, bottom;
  /* lua_getstack is linear in the level: find the depth by doubling
  ** and bisection, and look at a bounded number of frames at each end,
  ** so that a stack overflow (hundreds of thousands of frames) is
  ** reported at once */
  while (lua_getstack(L, hi, &ar)) { lo = hi; hi *= 2; }
  while (hi - lo > 1) {
    int mid = lo + (hi - lo) / 2;
    if (lua_getstack(L, mid, &ar)) lo = mid; else hi = mid;
  }
  bottom = lua_getstack(L, 0, &ar) ? lo : -1;
  for (level = bottom; level >= 0 && level > bottom - 8; level--)
    if (lua_getstack(L, level, &ar) && lua_getinfo(L, "S", &ar) && strcmp(ar.what, "C") != 0) {
      main_src = ar.source;
      break;
    }
  if (main_src != NULL) {
    /* a thread the engine started (an action's body): the innermost
    ** line of code that is not the engine's */
    const char *eng = bitwa_script_get(L)->engine_src;
    size_t elen = strlen(eng);
    int engine_main = elen > 0 && strncmp(main_src, eng, elen) == 0;
    for (level = 0; level < 64 && lua_getstack(L, level, &ar); level++) {
      if (lua_getinfo(L, "Sl", &ar) && ar.currentline > 0 &&
          (engine_main ? strncmp(ar.source, eng, elen) != 0 && ar.source[0] == '@'
                       : strcmp(ar.source, main_src) == 0)) {
        snprintf(buf, n, "%.240s:%d: ", ar.short_src, ar.currentline);
        return;
      }
    }
  }
  where(L, buf, n);
}

/*
** Once a run is killed the hook fires at every instruction, so that
** nothing in the rule code gets to run after the kill.
*/
static void count_hook (lua_State *L, lua_Debug *ar) {
  bitwa_script *S = bitwa_script_get(L);
  char pos[300];
  if (S->killed == BITWA_KILL_NONE) {
    bitwa_kill why = BITWA_KILL_NONE;
    int outer = 0;
    if (!S->budget_on && !S->outer_on) return;
    if (S->budget_on && (S->budget_left -= HOOK_STEP) <= 0) why = BITWA_KILL_BUDGET;
    if (S->outer_on && (S->outer_left -= HOOK_STEP) <= 0) { why = BITWA_KILL_BUDGET; outer = 1; }
    if (why == BITWA_KILL_NONE) {
      /* the backstop for C work the budget does not see (comparing
      ** long strings, ...): a CPU-time ceiling per run */
      double now;
      if (++S->clock_tick < CLOCK_EVERY) return;
      S->clock_tick = 0;
      if (!(S->budget_on && S->cpu_limit > 0) && !(S->outer_on && S->outer_cpu_limit > 0)) return;
      now = cpu_now();
      if (S->budget_on && S->cpu_limit > 0 && now - S->cpu_start >= S->cpu_limit) why = BITWA_KILL_CPU;
      else if (S->outer_on && S->outer_cpu_limit > 0 && now - S->outer_cpu_start >= S->outer_cpu_limit) {
        why = BITWA_KILL_CPU;
        outer = 1;
      } else return;
    }
    S->killed = why;
    (void)ar;
    where(L, pos, sizeof pos);
    snprintf(S->kill_msg, sizeof S->kill_msg, "%.250s%s", pos, kill_words[why]);
    if (outer) {
      S->outer_dead = why;
      memcpy(S->outer_msg, S->kill_msg, sizeof S->kill_msg);
    }
  } else if (strchr(S->kill_msg, ':') == NULL) {
    /* a memory kill noticed by the allocator: add the position now */
    char msg[sizeof S->kill_msg];
    where(L, pos, sizeof pos);
    snprintf(msg, sizeof msg, "%.250s%.250s", pos, S->kill_msg);
    memcpy(S->kill_msg, msg, sizeof msg);
    if (S->outer_dead != BITWA_KILL_NONE && strchr(S->outer_msg, ':') == NULL)
      memcpy(S->outer_msg, msg, sizeof msg);
  }
  lua_sethook(L, count_hook, LUA_MASKCOUNT, 1);
  lua_pushstring(L, S->kill_msg);
  lua_error(L);
}

/*
** Charge n instructions of C work done for rule code on thread L to the
** budget; past its end the run is killed here (the caller is a C
** function called by the rule code, so the error carries its line).
** Work done by other states or outside a run of rule code is free.
*/
void bitwa_script_charge (lua_State *L, long long n) {
  void *ud;
  bitwa_script *S;
  if (lua_getallocf(L, &ud) != counting_alloc) return;
  S = ud;
  if ((!S->budget_on && !S->outer_on) || S->running != L || n <= 0) return;
  if (S->budget_on) S->budget_left -= n;
  if (S->outer_on) S->outer_left -= n;
  if (S->killed == BITWA_KILL_NONE && S->budget_on && S->budget_left <= 0)
    bitwa_script_kill(L, BITWA_KILL_BUDGET, NULL);
  if (S->killed == BITWA_KILL_NONE && S->outer_on && S->outer_left <= 0)
    bitwa_script_kill(L, BITWA_KILL_BUDGET, NULL);
  if (S->killed == BITWA_KILL_NONE && n >= HOOK_STEP) {
    double now = cpu_now();
    if ((S->budget_on && S->cpu_limit > 0 && now - S->cpu_start >= S->cpu_limit) ||
        (S->outer_on && S->outer_cpu_limit > 0 && now - S->outer_cpu_start >= S->outer_cpu_limit))
      bitwa_script_kill(L, BITWA_KILL_CPU, NULL);
  }
}

/*
** Count bytes the kernel keeps outside the Lua heap for rule code
** (variables, notes, strings of the state) against the memory cap of
** the running run: past it the run is killed as if Lua had allocated
** them.  The count only grows (freed C memory is not subtracted): a
** run's cap is set from the count when it starts.
*/
void bitwa_script_account (lua_State *L, size_t bytes) {
  void *ud;
  bitwa_script *S;
  if (lua_getallocf(L, &ud) != counting_alloc) return;
  S = ud;
  S->used += bytes;
  if (S->running == L && S->killed == BITWA_KILL_NONE &&
      ((S->cap && S->used > S->cap) || (S->outer_cap && S->used > S->outer_cap)))
    bitwa_script_kill(L, BITWA_KILL_MEMORY, NULL);
}

int bitwa_script_kill (lua_State *L, bitwa_kill why, const char *msg) {
  bitwa_script *S = bitwa_script_get(L);
  char pos[300];
  where(L, pos, sizeof pos);
  S->killed = why;
  snprintf(S->kill_msg, sizeof S->kill_msg, "%.250s%.250s", pos, msg ? msg : kill_words[why]);
  /* a kill of the outer limits stays until they are taken off */
  if (S->outer_on && S->outer_dead == BITWA_KILL_NONE &&
      ((why == BITWA_KILL_BUDGET && S->outer_left <= 0) ||
       (why == BITWA_KILL_MEMORY && S->outer_cap && S->used > S->outer_cap) ||
       (why == BITWA_KILL_CPU && S->outer_cpu_limit > 0 &&
        cpu_now() - S->outer_cpu_start >= S->outer_cpu_limit))) {
    S->outer_dead = why;
    memcpy(S->outer_msg, S->kill_msg, sizeof S->kill_msg);
  }
  lua_pushstring(L, S->kill_msg);
  return lua_error(L);
}

/* ------------------------------------------------------------------ */
/* pcall and xpcall that cannot swallow a kill.                        */

static int finish_pcall (lua_State *L, int status, lua_KContext extra) {
  if (status != LUA_OK && status != LUA_YIELD) {
    bitwa_script *S = bitwa_script_get(L);
    if (S->killed != BITWA_KILL_NONE) {
      lua_pushstring(L, S->kill_msg);
      return lua_error(L);
    }
    lua_pushboolean(L, 0);
    lua_pushvalue(L, -2);
    return 2;
  }
  return lua_gettop(L) - (int)extra;
}

static int sb_pcall (lua_State *L) {
  int status;
  luaL_checkany(L, 1);
  lua_pushboolean(L, 1);
  lua_insert(L, 1);
  status = lua_pcallk(L, lua_gettop(L) - 2, LUA_MULTRET, 0, 0, finish_pcall);
  return finish_pcall(L, status, 0);
}

/*
** The message handler xpcall gives Lua: the rule code's handler (its
** upvalue) runs only for an ordinary error.  After a kill it is not
** run at all: the kill is raised from inside the count hook, and Lua
** runs a message handler with hooks off -- a handler that loops would
** escape the budget.
*/
static int xpcall_handler (lua_State *L) {
  bitwa_script *S = bitwa_script_get(L);
  if (S->killed != BITWA_KILL_NONE) {
    lua_pushstring(L, S->kill_msg);
    return 1;
  }
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_insert(L, 1);
  lua_call(L, lua_gettop(L) - 1, 1);
  return 1;
}

static int sb_xpcall (lua_State *L) {
  int status, n = lua_gettop(L);
  luaL_checktype(L, 2, LUA_TFUNCTION);
  lua_pushvalue(L, 2);
  lua_pushcclosure(L, xpcall_handler, 1);
  lua_replace(L, 2);
  lua_pushboolean(L, 1);
  lua_pushvalue(L, 1);
  lua_rotate(L, 3, 2);     /* ... handler, true, f, args */
  status = lua_pcallk(L, n - 2, LUA_MULTRET, 2, 2, finish_pcall);
  return finish_pcall(L, status, 2);
}

/* ------------------------------------------------------------------ */
/* A deterministic sort; deterministic pairs and next.                 */

#define ORDERABLE_KEY "bitwa.orderable"   /* registry: metatable -> rank */
#define GUARD_KEY "bitwa.mtguard"         /* registry: guard of metatables */

/* The rank of the metatable of the value at idx among those whose
** __lt the kernel trusts to order keys (hexes, units), or 0. */
static lua_Integer orderable_rank (lua_State *L, int idx) {
  lua_Integer r = 0;
  if (!lua_getmetatable(L, idx)) return 0;
  if (lua_getfield(L, LUA_REGISTRYINDEX, ORDERABLE_KEY) == LUA_TTABLE) {
    lua_pushvalue(L, -2);
    if (lua_rawget(L, -2) == LUA_TNUMBER) r = lua_tointeger(L, -1);
    lua_pop(L, 1);
  }
  lua_pop(L, 2);
  return r;
}

static int key_rank (lua_State *L, int idx) {
  switch (lua_type(L, idx)) {
    case LUA_TNUMBER: return 0;
    case LUA_TSTRING: return 1;
    case LUA_TBOOLEAN: return 2;
    case LUA_TUSERDATA: case LUA_TTABLE:
      return orderable_rank(L, idx) > 0 ? 3 : -1;
    default: return -1;
  }
}

static int key_before (lua_State *L, int a, int b) {
  int ra = key_rank(L, a), rb = key_rank(L, b);
  if (ra != rb) return ra < rb;
  switch (ra) {
    case 1: {
      size_t la, lb, m;
      const char *sa = lua_tolstring(L, a, &la), *sb = lua_tolstring(L, b, &lb);
      int c;
      m = la < lb ? la : lb;
      c = memcmp(sa, sb, m);
      return c < 0 || (c == 0 && la < lb);
    }
    case 2: return !lua_toboolean(L, a) && lua_toboolean(L, b);
    case 3: {
      lua_Integer ma = orderable_rank(L, a), mb = orderable_rank(L, b);
      if (ma != mb) return ma < mb;
      return lua_compare(L, a, b, LUA_OPLT);
    }
    default: return lua_compare(L, a, b, LUA_OPLT);
  }
}

/*
** a < b for the values at the top (a at -2, b at -1), which stay.
** comp: 0 the < operator, -1 key order, else the stack index of a
** function.
*/
static int sort_less (lua_State *L, int comp) {
  int r;
  if (comp == 0) return lua_compare(L, -2, -1, LUA_OPLT);
  if (comp < 0) return key_before(L, lua_gettop(L) - 1, lua_gettop(L));
  lua_pushvalue(L, comp);
  lua_pushvalue(L, -3);
  lua_pushvalue(L, -3);
  lua_call(L, 2, 1);
  r = lua_toboolean(L, -1);
  lua_pop(L, 1);
  return r;
}

/*
** Sort t[1..n] (raw access) by a stable bottom-up merge sort: the
** same comparisons in the same order in every process, whatever the
** comparator does, and n log n of them at most.  Each pass is charged
** to the budget.
*/
static void merge_sort (lua_State *L, int t, lua_Integer n, int comp) {
  int src, dst, aux;
  lua_Integer width;
  if (n < 2) return;
  lua_createtable(L, n > INT32_MAX ? 0 : (int)n, 0);
  aux = lua_gettop(L);
  src = t; dst = aux;
  for (width = 1; width < n; width *= 2) {
    lua_Integer lo;
    bitwa_script_charge(L, (comp > 0 ? SORT_PASS_LUA : SORT_PASS_C) * n);
    for (lo = 1; lo <= n; lo += 2 * width) {
      lua_Integer mid = lo + width <= n + 1 ? lo + width : n + 1;
      lua_Integer hi = lo + 2 * width <= n + 1 ? lo + 2 * width : n + 1;
      lua_Integer i = lo, j = mid, k = lo;
      while (i < mid && j < hi) {
        lua_rawgeti(L, src, j);
        lua_rawgeti(L, src, i);
        if (sort_less(L, comp)) { lua_pop(L, 1); lua_rawseti(L, dst, k++); j++; }   /* t[j] < t[i] */
        else { lua_rawseti(L, dst, k++); lua_pop(L, 1); i++; }
      }
      for (; i < mid; i++) { lua_rawgeti(L, src, i); lua_rawseti(L, dst, k++); }
      for (; j < hi; j++) { lua_rawgeti(L, src, j); lua_rawseti(L, dst, k++); }
    }
    { int tmp = src; src = dst; dst = tmp; }
  }
  if (src != t) {
    lua_Integer i;
    for (i = 1; i <= n; i++) { lua_rawgeti(L, src, i); lua_rawseti(L, t, i); }
  }
  lua_settop(L, aux - 1);
}

/* table.sort(list [, comp]) for rule code: the merge sort above. */
static int sb_sort (lua_State *L) {
  lua_Integer n;
  luaL_checktype(L, 1, LUA_TTABLE);
  if (!lua_isnoneornil(L, 2)) luaL_checktype(L, 2, LUA_TFUNCTION);
  lua_settop(L, 2);
  n = (lua_Integer)lua_rawlen(L, 1);
  merge_sort(L, 1, n, lua_isnil(L, 2) ? 0 : 2);
  return 0;
}

static void check_orderable (lua_State *L, int idx, const char *who) {
  if (key_rank(L, idx) < 0)
    luaL_error(L, "%s: a key of type %s has no order (use strings, numbers, hexes or units as keys)",
               who, luaL_typename(L, idx));
}

/* Collect the keys of table t into a new sorted array on the stack.
** Keys of the kernel's ordered types must be strictly ordered: two
** that are neither before the other (two proxies of one unit) would
** follow their addresses. */
static int sorted_keys (lua_State *L, int t) {
  int n = 0, keys, i;
  lua_newtable(L);
  keys = lua_gettop(L);
  lua_pushnil(L);
  while (lua_next(L, t)) {
    lua_pop(L, 1);
    check_orderable(L, -1, "pairs");
    lua_pushvalue(L, -1);
    lua_rawseti(L, -3, ++n);
  }
  bitwa_script_charge(L, (long long)KEY_WALK * n);
  merge_sort(L, keys, n, -1);
  for (i = 1; i < n; i++) {
    lua_rawgeti(L, keys, i);
    lua_rawgeti(L, keys, i + 1);
    if (key_rank(L, -2) == 3 && key_rank(L, -1) == 3 &&
        !key_before(L, lua_gettop(L) - 1, lua_gettop(L)))
      luaL_error(L, "pairs: two keys of the table have the same order (%s keys must be distinct)",
                 luaL_typename(L, -1));
    lua_pop(L, 2);
  }
  return n;
}

static int sorted_iter (lua_State *L) {
  lua_Integer i = lua_tointeger(L, lua_upvalueindex(3));
  lua_Integer n = (lua_Integer)lua_rawlen(L, lua_upvalueindex(2));
  while (++i <= n) {
    lua_rawgeti(L, lua_upvalueindex(2), i);
    lua_pushvalue(L, -1);
    lua_rawget(L, lua_upvalueindex(1));
    if (!lua_isnil(L, -1)) {
      lua_pushinteger(L, i);
      lua_replace(L, lua_upvalueindex(3));
      return 2;
    }
    lua_pop(L, 2);
  }
  lua_pushinteger(L, n);
  lua_replace(L, lua_upvalueindex(3));
  return 0;
}

static int sb_pairs (lua_State *L) {
  luaL_checkany(L, 1);
  if (luaL_getmetafield(L, 1, "__pairs") != LUA_TNIL) {
    lua_pushvalue(L, 1);
    lua_call(L, 1, 3);
    return 3;
  }
  luaL_checktype(L, 1, LUA_TTABLE);
  lua_settop(L, 1);
  lua_pushvalue(L, 1);                          /* upvalue 1: the table */
  sorted_keys(L, 1);                            /* upvalue 2: the keys */
  lua_pushinteger(L, 0);                        /* upvalue 3: position */
  lua_pushcclosure(L, sorted_iter, 3);
  lua_pushnil(L);
  lua_pushnil(L);
  return 3;
}

/*
** next(t) gives the first key in pairs order, so that `next(t) == nil`
** works; walking with next(t, k) is refused: it would be quadratic,
** and pairs does it.
*/
static int sb_next (lua_State *L) {
  int best = 0, n = 0;
  luaL_checktype(L, 1, LUA_TTABLE);
  if (!lua_isnoneornil(L, 2))
    return luaL_error(L, "next: only next(t) is available to rules; walk tables with pairs");
  lua_settop(L, 1);
  lua_pushnil(L);
  while (lua_next(L, 1)) {
    lua_pop(L, 1);
    n++;
    check_orderable(L, -1, "next");
    if (best == 0 || key_before(L, -1, best)) {
      if (best) lua_remove(L, best);
      lua_pushvalue(L, -1);
      best = lua_gettop(L) - 1;
    }
  }
  bitwa_script_charge(L, (long long)KEY_WALK * n);
  if (best == 0) { lua_pushnil(L); return 1; }
  lua_pushvalue(L, best);
  lua_pushvalue(L, best);
  lua_rawget(L, 1);
  return 2;
}

/* bitwa.sandbox.orderable(mt [, like]): values with metatable mt (the
** engine's units) may be keys that pairs orders, by their __lt; with
** `like` (a metatable registered before), mt takes its rank: values of
** both are ordered among themselves by __lt, as one kind. */
static int sb_orderable (lua_State *L) {
  int like = !lua_isnoneornil(L, 2);
  luaL_checktype(L, 1, LUA_TTABLE);
  if (like) luaL_checktype(L, 2, LUA_TTABLE);
  lua_settop(L, 2);
  if (lua_getfield(L, LUA_REGISTRYINDEX, ORDERABLE_KEY) != LUA_TTABLE) {
    lua_pop(L, 1);
    lua_newtable(L);
    lua_pushvalue(L, -1);
    lua_setfield(L, LUA_REGISTRYINDEX, ORDERABLE_KEY);
  }
  if (like) {
    lua_Integer r;
    lua_pushvalue(L, 2);
    if (lua_rawget(L, -2) != LUA_TNUMBER) return luaL_error(L, "orderable: 'like' is not registered");
    r = lua_tointeger(L, -1);
    lua_pop(L, 1);
    lua_pushvalue(L, 1);
    lua_pushinteger(L, r);
    lua_rawset(L, -3);
    return 0;
  }
  lua_pushvalue(L, 1);
  if (lua_rawget(L, -2) == LUA_TNIL) {
    lua_pop(L, 1);
    lua_pushvalue(L, 1);
    lua_pushinteger(L, (lua_Integer)lua_rawlen(L, -2) + 1);
    lua_rawset(L, -3);
    /* keep a count in the array part for the next rank */
    lua_pushboolean(L, 1);
    lua_rawseti(L, -2, (lua_Integer)lua_rawlen(L, -2) + 1);
  }
  return 0;
}

/* ------------------------------------------------------------------ */
/* Work the budget would not see: C library functions that loop.        */

/* table.move(a1, f, e, t [, a2]): charged by the number of elements */
static int sb_move (lua_State *L) {
  lua_Integer f = luaL_checkinteger(L, 2), e = luaL_checkinteger(L, 3);
  if (e >= f) bitwa_script_charge(L, (e - f) < (1LL << 40) ? (long long)(e - f) + 1 : (1LL << 40));
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_insert(L, 1);
  lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);
  return lua_gettop(L);
}

/* table.unpack, table.insert, table.remove, table.concat, utf8.len,
** string.len-like functions whose work grows with their arguments:
** charged by the length of the table or string argument 1. */
static int sb_charged (lua_State *L) {
  long long n = 0;
  if (lua_type(L, 1) == LUA_TTABLE) n = (long long)lua_rawlen(L, 1);
  else if (lua_type(L, 1) == LUA_TSTRING) n = (long long)lua_rawlen(L, 1) / STRING_BYTES;
  if (lua_isinteger(L, 2) && lua_isinteger(L, 3)) {   /* unpack(t, i, j) */
    lua_Integer i = lua_tointeger(L, 2), j = lua_tointeger(L, 3);
    /* each value pushed on the stack: about 8 instructions' work */
    if (j > i && 8 * (j - i) > n) n = (j - i) < (1LL << 40) ? 8 * (long long)(j - i) : (1LL << 43);
  }
  bitwa_script_charge(L, n);
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_insert(L, 1);
  lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);
  return lua_gettop(L);
}

/* Replace lib[name] (lib at the top) by f closed over the original. */
static void wrap_field (lua_State *L, const char *name, lua_CFunction f) {
  lua_getfield(L, -1, name);
  lua_pushcclosure(L, f, 1);
  lua_setfield(L, -2, name);
}

/* ------------------------------------------------------------------ */
/* tostring, string.format, setmetatable, getmetatable, load.          */

static int sb_tostring (lua_State *L) {
  luaL_checkany(L, 1);
  switch (lua_type(L, 1)) {
    case LUA_TTABLE: case LUA_TUSERDATA: case LUA_TFUNCTION:
    case LUA_TTHREAD: case LUA_TLIGHTUSERDATA:
      if (luaL_getmetafield(L, 1, "__tostring") != LUA_TNIL) {
        lua_pop(L, 1);
        luaL_tolstring(L, 1, NULL);
        return 1;
      }
      if (luaL_getmetafield(L, 1, "__name") == LUA_TSTRING) return 1;
      lua_pushstring(L, luaL_typename(L, 1));
      return 1;
    default:
      luaL_tolstring(L, 1, NULL);
      return 1;
  }
}

/*
** string.format less %p.  The library's format runs under a protected
** call: the errors it raises (bad arguments, invalid conversions) name
** no position, since the function calling it is this one, so the
** position of the rule code calling string.format is put in front.
** Kills and error values other than strings pass through unchanged.
*/
static int sb_format (lua_State *L) {
  size_t n, i;
  int status;
  const char *f = luaL_checklstring(L, 1, &n);
  for (i = 0; i < n; i++) {
    if (f[i] != '%') continue;
    i++;
    if (i < n && f[i] == '%') continue;
    while (i < n && strchr("-+ #0123456789.", f[i])) i++;
    if (i < n && f[i] == 'p')
      return luaL_error(L, "string.format: %%p is not available to rules");
  }
  /* values that would show an address are shown as tostring shows
  ** them (their __tostring, their __name or their type) */
  {
    int top = lua_gettop(L), a;
    for (a = 2; a <= top; a++) {
      switch (lua_type(L, a)) {
        case LUA_TTABLE: case LUA_TUSERDATA: case LUA_TFUNCTION:
        case LUA_TTHREAD: case LUA_TLIGHTUSERDATA:
          lua_pushcfunction(L, sb_tostring);
          lua_pushvalue(L, a);
          lua_call(L, 1, 1);
          if (!lua_isstring(L, -1)) return luaL_error(L, "'__tostring' must return a string");
          lua_replace(L, a);
          break;
        default: break;
      }
    }
  }
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_insert(L, 1);
  status = lua_pcall(L, lua_gettop(L) - 1, 1, 0);
  if (status != LUA_OK) {
    if (status == LUA_ERRRUN && lua_type(L, -1) == LUA_TSTRING &&
        bitwa_script_killed(L) == BITWA_KILL_NONE) {
      luaL_where(L, 1);
      lua_insert(L, -2);
      lua_concat(L, 2);
    }
    return lua_error(L);
  }
  return 1;
}

/* The guard's __newindex: a metatable given to setmetatable gets no
** __gc or __mode later (a weak table emptied when the collector runs,
** a finaliser run when it runs: neither is deterministic). */
static int guard_newindex (lua_State *L) {
  if (lua_type(L, 2) == LUA_TSTRING &&
      (strcmp(lua_tostring(L, 2), "__gc") == 0 || strcmp(lua_tostring(L, 2), "__mode") == 0))
    return luaL_error(L, "%s cannot be added to a metatable in use (not available to rules)",
                      lua_tostring(L, 2));
  lua_settop(L, 3);
  lua_rawset(L, 1);
  return 0;
}

static int sb_setmetatable (lua_State *L) {
  int t = lua_type(L, 2);
  luaL_checktype(L, 1, LUA_TTABLE);
  luaL_argexpected(L, t == LUA_TNIL || t == LUA_TTABLE, 2, "nil or table");
  if (luaL_getmetafield(L, 1, "__metatable") != LUA_TNIL)
    return luaL_error(L, "cannot change a protected metatable");
  if (t == LUA_TTABLE) {
    if (lua_getfield(L, 2, "__gc") != LUA_TNIL)
      return luaL_error(L, "setmetatable: __gc is not available to rules");
    if (lua_getfield(L, 2, "__mode") != LUA_TNIL)
      return luaL_error(L, "setmetatable: weak tables (__mode) are not available to rules");
    lua_pop(L, 2);
    /* the metatable itself gets the guard as its metatable */
    luaL_getmetatable(L, GUARD_KEY);
    if (lua_getmetatable(L, 2)) {
      if (!lua_rawequal(L, -1, -2))
        return luaL_error(L, "setmetatable: a table with a metatable of its own cannot be "
                             "a metatable in rules");
      lua_pop(L, 2);
    } else lua_setmetatable(L, 2);
  }
  lua_settop(L, 2);
  lua_setmetatable(L, 1);
  return 1;
}

static int sb_getmetatable (lua_State *L) {
  luaL_checkany(L, 1);
  if (!lua_getmetatable(L, 1)) { lua_pushnil(L); return 1; }
  luaL_getmetafield(L, 1, "__metatable");
  return 1;
}

/* load(text [, chunkname [, mode [, env]]]): text chunks only; the
** environment is the one given, or the read-only base. */
static int sb_load (lua_State *L) {
  size_t n;
  const char *s = luaL_checklstring(L, 1, &n);
  const char *name = luaL_optstring(L, 2, "=(load)");
  const char *mode = luaL_optstring(L, 3, "t");
  int env = lua_isnoneornil(L, 4) ? 0 : 4;
  if (strcmp(mode, "t") != 0)
    return luaL_error(L, "load: only text chunks (mode \"t\") are available to rules");
  if (luaL_loadbufferx(L, s, n, name, "t") != LUA_OK) {
    lua_pushnil(L);
    lua_insert(L, -2);
    return 2;
  }
  if (env) lua_pushvalue(L, env);
  else lua_pushvalue(L, lua_upvalueindex(1));
  if (!lua_setupvalue(L, -2, 1)) lua_pop(L, 1);
  return 1;
}

/* ------------------------------------------------------------------ */
/* Building an environment.                                            */

static int undeclared_read (lua_State *L) {
  return luaL_error(L, "undeclared global '%s'", lua_tostring(L, 2));
}

static int undeclared_write (lua_State *L) {
  return luaL_error(L, "assignment to undeclared global '%s'", lua_tostring(L, 2));
}

/* Copy the functions of global library `lib` into a new table, less
** the names in `drop`. */
static void copy_library (lua_State *L, const char *lib, const char *const *drop) {
  int src;
  lua_newtable(L);
  lua_getglobal(L, lib);
  src = lua_gettop(L);
  lua_pushnil(L);
  while (lua_next(L, src)) {
    int skip = 0, i;
    if (lua_type(L, -2) == LUA_TSTRING)
      for (i = 0; drop && drop[i]; i++)
        if (strcmp(lua_tostring(L, -2), drop[i]) == 0) skip = 1;
    if (skip) { lua_pop(L, 1); continue; }
    lua_pushvalue(L, -2);
    lua_insert(L, -2);
    lua_rawset(L, src - 1);
  }
  lua_pop(L, 1);
}

/*
** bitwa.sandbox.env([extras]) -> table
** A fresh environment for one rule module: the safe base functions,
** private copies of string/table/math/utf8, the fields of extras; any
** other global, read or written, is an error.
*/
static int sb_env (lua_State *L) {
  static const char *const no_random[] = { "random", "randomseed", NULL };
  static const char *const no_dump[] = { "dump", NULL };
  static const char *const base_names[] = {
    "assert", "error", "ipairs", "rawequal", "rawget", "rawlen", "select",
    "tonumber", "type", "_VERSION", NULL
  };
  int env, i;
  lua_settop(L, 1);
  lua_newtable(L);
  env = lua_gettop(L);
  for (i = 0; base_names[i]; i++) {
    lua_getglobal(L, base_names[i]);
    lua_setfield(L, env, base_names[i]);
  }
  /* the kernel's own versions, kept as upvalues of this function */
  lua_pushvalue(L, lua_upvalueindex(1)); lua_setfield(L, env, "pairs");
  lua_pushcfunction(L, sb_next); lua_setfield(L, env, "next");
  lua_pushcfunction(L, sb_pcall); lua_setfield(L, env, "pcall");
  lua_pushcfunction(L, sb_xpcall); lua_setfield(L, env, "xpcall");
  lua_pushcfunction(L, sb_tostring); lua_setfield(L, env, "tostring");
  lua_pushcfunction(L, sb_setmetatable); lua_setfield(L, env, "setmetatable");
  lua_pushcfunction(L, sb_getmetatable); lua_setfield(L, env, "getmetatable");
  lua_pushvalue(L, env);
  lua_pushcclosure(L, sb_load, 1); lua_setfield(L, env, "load");
  copy_library(L, "string", no_dump);      /* string.dump makes bytecode */
  wrap_field(L, "format", sb_format);
  wrap_field(L, "byte", sb_charged);
  lua_setfield(L, env, "string");
  copy_library(L, "table", NULL);
  lua_pushcfunction(L, sb_sort); lua_setfield(L, -2, "sort");
  wrap_field(L, "move", sb_move);
  wrap_field(L, "unpack", sb_charged);
  wrap_field(L, "insert", sb_charged);
  wrap_field(L, "remove", sb_charged);
  wrap_field(L, "concat", sb_charged);
  lua_setfield(L, env, "table");
  copy_library(L, "math", no_random);
  lua_setfield(L, env, "math");
  copy_library(L, "utf8", NULL);
  wrap_field(L, "len", sb_charged);
  wrap_field(L, "codepoint", sb_charged);
  lua_setfield(L, env, "utf8");
  if (lua_istable(L, 1)) {
    lua_pushnil(L);
    while (lua_next(L, 1)) {
      lua_pushvalue(L, -2);
      lua_insert(L, -2);
      lua_rawset(L, env);
    }
  }
  lua_newtable(L);
  lua_pushcfunction(L, undeclared_read); lua_setfield(L, -2, "__index");
  lua_pushcfunction(L, undeclared_write); lua_setfield(L, -2, "__newindex");
  lua_pushboolean(L, 0); lua_setfield(L, -2, "__metatable");
  lua_setmetatable(L, env);
  return 1;
}

/* The end (exclusive) of the first k lines of s[0..n), and in *lines
** the number of lines the text has, line breaks counted as Lua's
** lexer counts them: \n, \r, \r\n or \n\r. */
static size_t lines_end (const char *s, size_t n, long k, long *lines) {
  size_t i, end = n;
  *lines = 1;
  for (i = 0; i < n; i++) {
    if (s[i] != '\n' && s[i] != '\r') continue;
    if (i + 1 < n && (s[i + 1] == '\n' || s[i + 1] == '\r') && s[i + 1] != s[i]) i++;
    if (*lines == k) end = i + 1;
    (*lines)++;
  }
  return end;
}

/*
** Lua's parser raises a few errors without a position: "C stack
** overflow", for code nested too deeply, is the one a text can cause.
** Its line is found by parsing ever shorter prefixes of the text: the
** parser reads left to right, so the first k lines give the same error
** exactly when it lies in them.  Replaces the message on top of the
** stack with "source:LINE: message" when it has no position.
*/
static void position_load_error (lua_State *L, const char *s, size_t n,
                                 const char *name) {
  lua_Debug ar;
  int top = lua_gettop(L);
  const char *msg = lua_tostring(L, top);
  size_t srclen;
  long lo = 1, hi = 1;
  if (msg == NULL) return;
  /* the short source that starts the parser's own messages */
  if (luaL_loadbufferx(L, "", 0, name, "t") != LUA_OK) { lua_settop(L, top); return; }
  lua_getinfo(L, ">S", &ar);
  srclen = strlen(ar.short_src);
  if (strncmp(msg, ar.short_src, srclen) == 0 && msg[srclen] == ':') return;
  lines_end(s, n, 0, &hi);
  while (lo < hi) {
    long mid = lo + (hi - lo) / 2, all;
    int same = 0;
    if (luaL_loadbufferx(L, s, lines_end(s, n, mid, &all), name, "t") != LUA_OK)
      same = lua_type(L, -1) == LUA_TSTRING && strcmp(lua_tostring(L, -1), msg) == 0;
    lua_settop(L, top);
    if (same) hi = mid;
    else lo = mid + 1;
  }
  lua_pushfstring(L, "%s:%d: %s", ar.short_src, (int)lo, msg);
  lua_replace(L, top);
}

/* A chunk compiled once (bitwa.sandbox.compile): a userdata of this
** metatable whose user value is the chunk's binary dump, made here from
** text only, so that no bytecode from elsewhere is ever loaded. */
#define COMPILED_KEY "bitwa.compiled"

struct dump_state { int init; luaL_Buffer b; };

static int dump_writer (lua_State *L, const void *p, size_t sz, void *ud) {
  struct dump_state *d = ud;
  if (!d->init) { d->init = 1; luaL_buffinit(L, &d->b); }   /* (after lua_dump took the function) */
  luaL_addlstring(&d->b, (const char *)p, sz);
  return 0;
}

/*
** bitwa.sandbox.compile(text, chunkname) -> compiled | nil, err
** Text only, the messages of load; `compiled` is loaded again by
** bitwa.sandbox.load(compiled, chunkname, env) without parsing: each load
** is a new function with its own upvalues, as a load of the text.
*/
static int sb_kernel_compile (lua_State *L) {
  size_t n;
  const char *s = luaL_checklstring(L, 1, &n);
  const char *name = luaL_checkstring(L, 2);
  struct dump_state d;
  int status;
  lua_settop(L, 2);
  status = luaL_loadbufferx(L, s, n, name, "t");            /* 3 */
  if (status != LUA_OK) {
    if (status != LUA_ERRMEM) position_load_error(L, s, n, name);
    lua_pushnil(L);
    lua_insert(L, -2);
    return 2;
  }
  d.init = 0;
  lua_dump(L, dump_writer, &d, 0);                          /* line numbers kept */
  if (!d.init) luaL_buffinit(L, &d.b);
  luaL_pushresult(&d.b);                                    /* 4: the dump */
  lua_newuserdatauv(L, 0, 1);                               /* 5 */
  lua_pushvalue(L, 4);
  lua_setiuservalue(L, 5, 1);
  luaL_setmetatable(L, COMPILED_KEY);
  return 1;
}

/*
** bitwa.sandbox.load(text | compiled, chunkname, env) -> function | nil, err
** Text only (or a chunk compiled by bitwa.sandbox.compile); chunkname as
** "@path" gives "path:line:" in messages.
*/
static int sb_kernel_load (lua_State *L) {
  size_t n;
  const char *s;
  const char *name = luaL_checkstring(L, 2);
  int status;
  luaL_checktype(L, 3, LUA_TTABLE);
  if (lua_type(L, 1) == LUA_TUSERDATA) {
    luaL_checkudata(L, 1, COMPILED_KEY);
    lua_settop(L, 3);
    lua_getiuservalue(L, 1, 1);                             /* 4: the dump */
    s = lua_tolstring(L, 4, &n);
    status = luaL_loadbufferx(L, s, n, name, "b");
    if (status != LUA_OK) { lua_pushnil(L); lua_insert(L, -2); return 2; }
    lua_pushvalue(L, 3);
    lua_setupvalue(L, -2, 1);
    return 1;
  }
  s = luaL_checklstring(L, 1, &n);
  status = luaL_loadbufferx(L, s, n, name, "t");
  if (status != LUA_OK) {
    if (status != LUA_ERRMEM) position_load_error(L, s, n, name);
    lua_pushnil(L);
    lua_insert(L, -2);
    return 2;
  }
  lua_pushvalue(L, 3);
  lua_setupvalue(L, -2, 1);
  return 1;
}

/* ------------------------------------------------------------------ */
/* Running rule code: budget, resume, call.                            */

/* bitwa.sandbox.budget(n): start a run with n instructions (0 = no
** limit); clears a previous kill. */
static int sb_budget (lua_State *L) {
  bitwa_script *S = bitwa_script_get(L);
  lua_Integer n = luaL_checkinteger(L, 1);
  S->budget_left = n;
  S->budget_on = n > 0;
  S->killed = BITWA_KILL_NONE;
  S->kill_msg[0] = '\0';
  S->clock_tick = 0;
  if (n > 0) S->cpu_start = cpu_now();
  if (S->outer_dead != BITWA_KILL_NONE) {     /* the outer limits are spent */
    S->killed = S->outer_dead;
    memcpy(S->kill_msg, S->outer_msg, sizeof S->kill_msg);
  }
  return 0;
}

/*
** bitwa.sandbox.outer(instructions, cpu_seconds, bytes) | outer(nil)
** Put outer limits on modder code that calls the engine (a ruleset's
** test file): every instruction run, C work charged and byte allocated
** while they are on counts against them, the engine's and the inner
** runs' (each with its own budget) too, and no inner run resets them.
** Once exceeded, the run going on and every later one is killed until
** outer(nil) takes them off.  cpu_seconds and bytes 0: no such limit.
*/
static int sb_outer (lua_State *L) {
  bitwa_script *S = bitwa_script_get(L);
  if (lua_isnoneornil(L, 1)) {
    S->outer_on = 0;
    S->outer_cap = 0;
    if (S->outer_dead != BITWA_KILL_NONE && S->killed == S->outer_dead) {
      S->killed = BITWA_KILL_NONE;
      S->kill_msg[0] = '\0';
    }
    S->outer_dead = BITWA_KILL_NONE;
    S->outer_msg[0] = '\0';
    return 0;
  } else {
    lua_Integer n = luaL_checkinteger(L, 1);
    lua_Number cpu = luaL_optnumber(L, 2, 0);
    lua_Integer bytes = luaL_optinteger(L, 3, 0);
    luaL_argcheck(L, n > 0, 1, "a positive number of instructions expected");
    S->outer_on = 1;
    S->outer_left = n;
    S->outer_cpu_limit = cpu > 0 ? cpu : 0;
    S->outer_cpu_start = cpu_now();
    S->outer_cap = bytes > 0 ? S->used + (size_t)bytes : 0;
    S->outer_dead = BITWA_KILL_NONE;
    S->outer_msg[0] = '\0';
    return 0;
  }
}

/* bitwa.sandbox.outer_left() -> instructions the outer limits have left, or nil */
static int sb_outer_left (lua_State *L) {
  bitwa_script *S = bitwa_script_get(L);
  if (!S->outer_on) lua_pushnil(L);
  else lua_pushinteger(L, (lua_Integer)S->outer_left);
  return 1;
}

/* bitwa.sandbox.cpu_limit([seconds]) -> the previous limit: the CPU
** time a run may take whatever its budget (0 = none). */
static int sb_cpu_limit (lua_State *L) {
  bitwa_script *S = bitwa_script_get(L);
  lua_pushnumber(L, S->cpu_limit);
  if (!lua_isnoneornil(L, 1)) {
    lua_Number v = luaL_checknumber(L, 1);
    S->cpu_limit = v > 0 ? v : 0;
  }
  return 1;
}

static int sb_budget_left (lua_State *L) {
  lua_pushinteger(L, (lua_Integer)bitwa_script_get(L)->budget_left);
  return 1;
}

/* bitwa.sandbox.memory_cap(bytes | nil): cap the state at what it
** holds now plus bytes; nil removes the cap. */
static int sb_memory_cap (lua_State *L) {
  bitwa_script *S = bitwa_script_get(L);
  if (lua_isnoneornil(L, 1)) S->cap = 0;
  else {
    lua_Integer n = luaL_checkinteger(L, 1);
    luaL_argcheck(L, n > 0, 1, "positive number of bytes expected");
    S->cap = S->used + (size_t)n;
  }
  return 0;
}

static int sb_memory_used (lua_State *L) {
  lua_pushinteger(L, (lua_Integer)bitwa_script_get(L)->used);
  return 1;
}

static int sb_killed (lua_State *L) {
  static const char *const names[] = { NULL, "budget", "memory", "dice", "cpu" };
  bitwa_script *S = bitwa_script_get(L);
  if (S->killed == BITWA_KILL_NONE) lua_pushnil(L);
  else lua_pushstring(L, names[S->killed]);
  return 1;
}

/*
** Resume thread co with the arguments on L's stack above index `first`.
** Pushes "done" | "yield" and the values, or "error", the error value,
** the kind ("budget" | "memory" | "dice" | "error"), a traceback and
** where the error left the code the thread was started with
** ("source:line: ", or ""; see where_in_main) -- for messages that do
** not name that code: error(msg, 0), errors in chunks it loaded or in
** the libraries it called.
*/
static int resume_thread (lua_State *L, lua_State *co, int first) {
  static const char *const kinds[] = { "error", "budget", "memory", "dice", "cpu" };
  bitwa_script *S = bitwa_script_get(L);
  lua_State *prev = S->running;
  int nargs = lua_gettop(L) - first + 1, nres = 0, status;
  if (!lua_checkstack(co, nargs + 1)) return luaL_error(L, "too many arguments to resume");
  lua_xmove(L, co, nargs);
  /* the hook counts whole steps only: a run of fewer instructions than
  ** a step would cost the outer limits nothing, however many there are;
  ** a run costs them what the engine's work around it takes (about the
  ** time of RUN_COST instructions: a thread, its hook, the binding) */
  if (S->outer_on) {
    S->outer_left -= RUN_COST;
    if (S->outer_left <= 0 && S->killed == BITWA_KILL_NONE) {
      S->killed = S->outer_dead = BITWA_KILL_BUDGET;
      where(L, S->kill_msg, sizeof S->kill_msg);
      strncat(S->kill_msg, kill_words[BITWA_KILL_BUDGET], sizeof S->kill_msg - strlen(S->kill_msg) - 1);
      memcpy(S->outer_msg, S->kill_msg, sizeof S->kill_msg);
    }
  }
  S->running = co;
  lua_sethook(co, count_hook, LUA_MASKCOUNT, HOOK_STEP);
  if (S->killed != BITWA_KILL_NONE) lua_sethook(co, count_hook, LUA_MASKCOUNT, 1);
  status = lua_resume(co, L, nargs, &nres);
  lua_sethook(co, NULL, 0, 0);
  S->running = prev;
  if (status == LUA_OK || status == LUA_YIELD) {
    if (!lua_checkstack(L, nres + 1)) {
      lua_pop(co, nres);
      return luaL_error(L, "too many results from rule code");
    }
    lua_pushstring(L, status == LUA_OK ? "done" : "yield");
    lua_xmove(co, L, nres);
    return nres + 1;
  }
  lua_pushstring(L, "error");
  if (S->killed != BITWA_KILL_NONE) {
    if (strchr(S->kill_msg, ':') == NULL) {      /* memory refused outright */
      char pos[300];
      where(co, pos, sizeof pos);
      lua_pushfstring(L, "%s%s", pos, S->kill_msg);
    } else lua_pushstring(L, S->kill_msg);
  } else if (status == LUA_ERRMEM) {
    char pos[300];
    where(co, pos, sizeof pos);
    lua_pushfstring(L, "%s%s", pos, "out of memory");
  } else lua_xmove(co, L, 1);
  lua_pushstring(L, kinds[S->killed]);
  luaL_traceback(L, co, NULL, 0);
  {
    char pos[300];
    where_in_main(co, pos, sizeof pos);
    lua_pushstring(L, pos);
  }
  return 5;
}

/* bitwa.sandbox.resume(co, ...) */
static int sb_resume (lua_State *L) {
  lua_State *co = lua_tothread(L, 1);
  luaL_argexpected(L, co != NULL, 1, "thread");
  if (lua_status(co) == LUA_OK && lua_gettop(co) == 0)
    return luaL_error(L, "cannot resume a finished rule coroutine");
  return resume_thread(L, co, 2);
}

/* bitwa.sandbox.call(f, ...): f run to its end on a new thread under
** the current budget; a yield is an error there. */
static int sb_call (lua_State *L) {
  lua_State *co;
  int n;
  luaL_checktype(L, 1, LUA_TFUNCTION);
  co = lua_newthread(L);
  lua_insert(L, 1);                 /* keep the thread anchored at 1 */
  lua_pushvalue(L, 2);
  lua_xmove(L, co, 1);
  lua_remove(L, 2);
  n = resume_thread(L, co, 2);
  if (strcmp(lua_tostring(L, -n), "yield") == 0) {
    char pos[300];
    where_in_main(co, pos, sizeof pos);
    lua_settop(L, 0);
    lua_pushstring(L, "error");
    lua_pushstring(L, "rule code asked for a decision where none can be taken");
    lua_pushstring(L, "error");
    lua_pushstring(L, "");
    lua_pushstring(L, pos);
    return 5;
  }
  return n;
}

static const luaL_Reg sandbox_funcs[] = {
  {"env", NULL},     /* set below with its upvalue */
  {"load", sb_kernel_load},
  {"compile", sb_kernel_compile},
  {"budget", sb_budget},
  {"budget_left", sb_budget_left},
  {"outer", sb_outer},
  {"outer_left", sb_outer_left},
  {"cpu_limit", sb_cpu_limit},
  {"memory_cap", sb_memory_cap},
  {"memory_used", sb_memory_used},
  {"killed", sb_killed},
  {"resume", sb_resume},
  {"call", sb_call},
  {"orderable", sb_orderable},
  {"sort", sb_sort},
  {"pairs", NULL},
  {NULL, NULL}
};

int bitwa_open_sandbox (lua_State *L) {
  if (luaL_newmetatable(L, COMPILED_KEY)) {
    lua_pushboolean(L, 0);
    lua_setfield(L, -2, "__metatable");
  }
  lua_pop(L, 1);
  luaL_newlib(L, sandbox_funcs);
  lua_pushcfunction(L, sb_pairs);
  lua_pushvalue(L, -1);
  lua_setfield(L, -3, "pairs");
  lua_pushcclosure(L, sb_env, 1);
  lua_setfield(L, -2, "env");
  lua_pushcfunction(L, sb_next);
  lua_setfield(L, -2, "next");
  return 1;
}

/* ------------------------------------------------------------------ */
/* The engine's own modules: require's searcher.                       */

static const bitwa_compiled_module *compiled_modules;

void bitwa_script_use_compiled (const bitwa_compiled_module *mods) {
  compiled_modules = mods;
}

uint64_t bitwa_script_text_hash (const char *s, size_t n) {
  uint64_t h = 0xcbf29ce484222325ULL;
  size_t i;
  for (i = 0; i < n; i++) {
    h ^= (unsigned char)s[i];
    h *= 0x100000001b3ULL;
  }
  return h;
}

int bitwa_script_load_text (lua_State *L, const char *s, size_t n, const char *chunkname) {
  if (n >= 3 && memcmp(s, "\xEF\xBB\xBF", 3) == 0) { s += 3; n -= 3; }
  if (n > 0 && s[0] == '#') {             /* the first line goes; its newline stays */
    while (n > 0 && s[0] != '\n') { s++; n--; }
  }
  return luaL_loadbufferx(L, s, n, chunkname, "t");
}

/*
** package.searchers[2] (in place of Lua's file searcher): the module's
** file is found on package.path as before and read; when the engine's
** compiled modules hold a chunk made from this very text (the same
** chunk name, length and hash), that chunk is loaded, else the text is
** parsed.  Text only from files: no bytecode is ever read from disk.
*/
static int engine_searcher (lua_State *L) {
  const char *name = luaL_checkstring(L, 1);
  const char *path, *chunkname;
  const bitwa_compiled_module *m;
  FILE *f;
  char *text;
  long size;
  size_t n;
  uint64_t h;
  int status = -1;
  lua_settop(L, 1);
  lua_getglobal(L, "package");                        /* 2 */
  lua_getfield(L, 2, "searchpath");                   /* 3 */
  lua_pushvalue(L, 1);
  lua_getfield(L, 2, "path");
  lua_call(L, 2, 2);                                  /* 3: path | nil, 4: message */
  if (lua_isnil(L, 3)) return 1;                      /* the files tried */
  path = lua_tostring(L, 3);
  chunkname = lua_pushfstring(L, "@%s", path);        /* 5 */
  f = fopen(path, "rb");
  if (f == NULL || fseek(f, 0, SEEK_END) != 0 || (size = ftell(f)) < 0 || fseek(f, 0, SEEK_SET) != 0) {
    if (f) fclose(f);
    return luaL_error(L, "error loading module '%s' from file '%s':\n\tcannot read it", name, path);
  }
  text = lua_newuserdatauv(L, (size_t)size + 1, 0);   /* 6 */
  n = fread(text, 1, (size_t)size, f);
  if (ferror(f) || n != (size_t)size) {
    fclose(f);
    return luaL_error(L, "error loading module '%s' from file '%s':\n\tcannot read it", name, path);
  }
  fclose(f);
  m = bitwa_script_get(L)->compiled;
  if (m != NULL) {
    h = bitwa_script_text_hash(text, n);
    for (; m->chunkname != NULL; m++) {
      if (m->text_len == n && m->text_hash == h && strcmp(m->chunkname, chunkname) == 0) {
        status = luaL_loadbufferx(L, (const char *)m->code, m->code_len, chunkname, "b");
        if (status != LUA_OK) lua_pop(L, 1);        /* (another Lua's format: parse) */
        break;
      }
    }
  }
  if (status != LUA_OK) status = bitwa_script_load_text(L, text, n, chunkname);
  if (status != LUA_OK) {
    return luaL_error(L, "error loading module '%s' from file '%s':\n\t%s", name, path, lua_tostring(L, -1));
  }
  lua_pushvalue(L, 3);                                /* the loader's second argument */
  return 2;
}

/* ------------------------------------------------------------------ */

lua_State *bitwa_script_new (const char *home) {
  bitwa_script *S = calloc(1, sizeof *S);
  lua_State *L;
  if (S == NULL) return NULL;
  S->cpu_limit = CPU_LIMIT_DEFAULT;
  S->compiled = compiled_modules;
  snprintf(S->engine_src, sizeof S->engine_src, "@%s/lua/", home ? home : ".");
  L = lua_newstate(counting_alloc, S);
  if (L == NULL) { free(S); return NULL; }
  *(bitwa_script **)lua_getextraspace(L) = S;
  luaL_openlibs(L);
  /* every string method, the engine's too, uses the bounded matcher */
  lua_getglobal(L, "string");
  bitwa_strmatch_install(L, lua_gettop(L));
  lua_pop(L, 1);
  /* String methods (s:format(...), s:rep(...)) go through the string
  ** metatable, which rule code reaches with any string: its __index is a
  ** copy of the library without dump and with the %p-refusing format, so
  ** that a method call cannot do what the sandbox's `string` does not
  ** allow.  Nobody reaches the metatable itself through getmetatable(""). */
  lua_pushliteral(L, "");
  if (lua_getmetatable(L, -1)) {
    static const char *const no_dump[] = { "dump", NULL };
    copy_library(L, "string", no_dump);
    wrap_field(L, "format", sb_format);
    wrap_field(L, "byte", sb_charged);
    lua_setfield(L, -2, "__index");
    lua_pushboolean(L, 0);
    lua_setfield(L, -2, "__metatable");
    lua_pop(L, 1);
  }
  lua_pop(L, 1);
  /* the guard of metatables used by rule code */
  luaL_newmetatable(L, GUARD_KEY);
  lua_pushcfunction(L, guard_newindex);
  lua_setfield(L, -2, "__newindex");
  lua_pushboolean(L, 0);
  lua_setfield(L, -2, "__metatable");
  lua_pop(L, 1);
  luaL_requiref(L, "bitwa", bitwa_open_kernel, 1);
  /* hexes may be keys that pairs orders */
  lua_pushcfunction(L, sb_orderable);
  luaL_getmetatable(L, "bitwa.hex");
  lua_call(L, 1, 0);
  bitwa_open_sandbox(L);
  lua_setfield(L, -2, "sandbox");
  lua_pushstring(L, home ? home : ".");
  lua_setfield(L, -2, "home");
  lua_pop(L, 1);
  /* the engine's modules come from <home>/lua */
  lua_getglobal(L, "package");
  lua_pushfstring(L, "%s/lua/?.lua;%s/lua/?/init.lua", home ? home : ".", home ? home : ".");
  lua_setfield(L, -2, "path");
  lua_pushliteral(L, "");
  lua_setfield(L, -2, "cpath");
  lua_getfield(L, -1, "searchers");
  lua_pushcfunction(L, engine_searcher);
  lua_rawseti(L, -2, 2);
  lua_pop(L, 2);
  return L;
}

void bitwa_script_close (lua_State *L) {
  bitwa_script *S;
  if (L == NULL) return;
  S = bitwa_script_get(L);
  lua_close(L);
  free(S);
}
