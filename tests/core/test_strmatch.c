/*
** tests/core/test_strmatch.c -- the bounded pattern matcher.
**
** A differential test runs every case through Lua 5.4's own string
** library and through the replacement, in two separate states, and
** compares everything find, match, gmatch and gsub return (or the error
** they raise).  Then the budget: pathological patterns stop quickly with
** the budget error, and long subjects do not exhaust the C stack.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <lauxlib.h>
#include <lua.h>
#include <lualib.h>

#include "check.h"
#include "lua_strmatch.h"
#include "strmatch.h"

#define BUDGET_MSG "pattern too complex (step budget exceeded)"

/* Helpers defined in both states.  runcase(S, P, I) serialises what
** every library function makes of one (subject, pattern, init). */
static const char HELPERS[] =
  "function ser (...)\n"
  "  local t = {}\n"
  "  for i = 1, select('#', ...) do\n"
  "    local v = select(i, ...)\n"
  "    if type(v) == 'string' then t[#t + 1] = string.format('%q', v)\n"
  "    else t[#t + 1] = (math.type(v) or type(v)) .. ':' .. tostring(v) end\n"
  "  end\n"
  "  return '(' .. table.concat(t, ',') .. ')'\n"
  "end\n"
  "function try (f, ...)\n"
  "  local r = table.pack(pcall(f, ...))\n"
  "  if r[1] then return ser(table.unpack(r, 2, r.n)) end\n"
  "  return 'ERR:' .. tostring(r[2])\n"
  "end\n"
  "local repl = setmetatable({ a = 'A', b = false, ab = 7, abc = 1.5,\n"
  "                            x = {}, [1] = 'one', [3] = 3 },\n"
  "  { __index = function (t, k) if k == 'l' then return 'L' end end })\n"
  "function runcase (S, P, I)\n"
  "  local out = {}\n"
  "  local function add (x) out[#out + 1] = x end\n"
  "  add(try(function () return string.find(S, P, I) end))\n"
  "  add(try(function () return string.find(S, P) end))\n"
  "  add(try(function () return string.find(S, P, I, true) end))\n"
  "  add(try(function () return string.match(S, P, I) end))\n"
  "  add(try(function () return S:match(P) end))\n"
  "  add(try(function ()\n"
  "    local acc, it = {}, string.gmatch(S, P, I)\n"
  "    for k = 1, 200 do\n"
  "      local r = table.pack(it())\n"
  "      if r[1] == nil then break end\n"
  "      acc[#acc + 1] = ser(table.unpack(r, 1, r.n))\n"
  "    end\n"
  "    return table.concat(acc, ';')\n"
  "  end))\n"
  "  add(try(function () return string.gsub(S, P, '<%0>') end))\n"
  "  add(try(function () return string.gsub(S, P, '[%1|%%]') end))\n"
  "  add(try(function () return S:gsub(P, '%2', 2) end))\n"
  "  add(try(function ()\n"
  "    local k = 0\n"
  "    return string.gsub(S, P, function (...)\n"
  "      k = k + 1\n"
  "      if k % 3 == 0 then return nil\n"
  "      elseif k % 3 == 1 then return ser(...)\n"
  "      else return k end\n"
  "    end)\n"
  "  end))\n"
  "  add(try(function () return string.gsub(S, P, repl, 3) end))\n"
  "  return table.concat(out, '\\n')\n"
  "end\n";

/* Differential cases: the Lua arguments S, P [, I] of runcase. */
static const char *const CASES[] = {
  /* literals, anchors, init */
  "'hello world', 'o'",
  "'hello world', 'o', 6",
  "'hello world', 'o', -3",
  "'hello world', 'o', -100",
  "'hello world', 'o', 0",
  "'hello world', 'o', 100",
  "'hello world', 'o', math.maxinteger",
  "'hello world', 'o', math.mininteger",
  "'hello world', 'o', 2.0",
  "'hello world', 'xyz'",
  "'hello world', '^h'",
  "'hello world', '^e'",
  "'hello world', '^e', 2",
  "'hello world', 'd$'",
  "'hello world', 'o$'",
  "'hello world', '^hello world$'",
  "'hello $world', '$w'",
  "'a$', 'a$'",
  "'a$', 'a%$'",
  "'^a^b', '^^'",
  "'^a^b', '^.'",
  "'a^b', 'a^b'",
  "'hello', ''",
  "'', ''",
  "'', '^$'",
  "'', 'a*'",
  "'', '.'",
  "'abc', '', 10",
  "'abc', '', 4",
  "'abc', '', -10",
  "'abc', '', 0",
  "'abc', 'c', -1",
  "'abc', 'b', -1",
  "'abc', '^b', 2",
  "'abc', '$', 2",
  "12345, '3'",
  "12345, 3",
  "12.5, '%.'",
  /* single-character classes */
  "'abc123def', '%d+'",
  "'abc123def', '%D+'",
  "'Hello World', '%u%l+'",
  "'Hello World', '%U+'",
  "'Hello World', '%a+'",
  "'Hello World', '%A'",
  "'tab\\there\\nnl', '%s'",
  "'tab\\there\\nnl', '%S+'",
  "'a.b,c!', '%p'",
  "'a.b,c!', '%P+'",
  "'\\1\\2abc\\127', '%c+'",
  "'\\1\\2abc\\127', '%C+'",
  "'a b~', '%g+'",
  "'a b', '%G'",
  "'0x1Fg', '0x(%x+)'",
  "'zz', '%X'",
  "'ab_12', '%w+'",
  "'ab_12', '%W'",
  "'a%b', '%%'",
  "'a.b', '%.'",
  "'a.b', '.'",
  "'a+b', 'a+b'",
  "'a+b', 'a%+b'",
  "'x-y', 'x-y'",
  "'x-y', 'x%-y'",
  "'az', '%z'",
  "'aZ', '%Z'",
  "'a\\0b', '%z'",
  "'a\\0b', '\\0'",
  "'a\\0b', '[\\0]'",
  "'a\\0b', '%c'",
  "'a\\0b', '.\\0.'",
  "'a\\0b', '[^\\0]+'",
  "'a\\0b', '%\\0'",
  "'za\\197\\188\\195\\179\\197\\130\\196\\135', '%a+'",
  "'za\\197\\188\\195\\179\\197\\130\\196\\135', '[\\128-\\255]+'",
  "'\\255\\254', '%W+'",
  /* sets */
  "'hello', '[aeiou]'",
  "'hello', '[^aeiou]+'",
  "'hello-world', '[%w-]+'",
  "'a-b', '[a-]'",
  "'-', '[a-]'",
  "'b', '[%a-z]'",
  "'-', '[%a-z]'",
  "'a]b', '[]]'",
  "'a]b', '[^]]+'",
  "'a]b', '[]a]+'",
  "'a^b', '[%^]'",
  "'a^b', '[b^]+'",
  "'a^', '[^^]'",
  "'abc', '[a-c]+'",
  "'ABC', '[a-c]+'",
  "'abc', '[c-a]'",
  "'a]', '[%]]'",
  "'a-z', '[a%-z]+'",
  "'m', '[a-z-]'",
  "'3a', '[%d%a]+'",
  "'x y', '[%S]+'",
  "'abc', '[^%a]'",
  /* quantifiers */
  "'hello world', 'l+'",
  "'hello world', 'l*'",
  "'hello world', 'l-'",
  "'hello world', 'l?'",
  "'aaa', 'a-'",
  "'aaa', 'a-$'",
  "'aaab', 'a-b'",
  "'aaab', '^a-b$'",
  "'aaa', 'a*a*a*b'",
  "'aaa', '^a?a?a?aaa$'",
  "'hello', '.-l'",
  "'hello', '.*l'",
  "'hello', 'l.-$'",
  "'abc', '.-'",
  "'abc', 'b*'",
  "'hello world', '%w*'",
  "'aXb', 'a.b'",
  "'ab', 'a?b?c?'",
  "'xy', 'x*?'",
  "'x?', 'x%?'",
  "'a*', 'a*%*'",
  "'  trim me  ', '^%s*(.-)%s*$'",
  "'1.5e10', '^[+-]?%d+%.?%d*[eE]?[+-]?%d*$'",
  "('x'):rep(1000), '(.*)x'",
  "('x'):rep(500), '.-$'",
  "('ab'):rep(50), '(ab)*'",
  /* captures */
  "'x = 10, y = 20', '(%w+)%s*=%s*(%w+)'",
  "'key=value', '(%w+)=(%w+)'",
  "'hello', '()ll()'",
  "'hello', '()'",
  "'hello', 'l()'",
  "'hello', '()(l+)()'",
  "'hello', '(h)(e)(l)(l)(o)'",
  "'hello', '((h)(e))'",
  "'hello world from Lua', '(%w+) (%w+)'",
  "'date: 2024-05-17', '(%d+)-(%d+)-(%d+)'",
  "'a,b,,c', '([^,]*)'",
  "'one two  three', '%S+'",
  "'aaa', '(a*(.)%w(%s*))'",
  "'abc', '(a)(b)(c)'",
  "'abc', 'a()'",
  "'x', '()'",
  "'x', ('()'):rep(32)",
  "'x', ('()'):rep(33)",
  "('a'):rep(40), ('(a)'):rep(32)",
  "('a'):rep(40), ('(a)'):rep(33)",
  "'abc', '(()'",
  "'abc', '(a'",
  "'abc', 'a)'",
  "'abc', 'a).'",
  "'abc', 'x)'",
  "'abc', '(a))'",
  "'abc', '((a)'",
  /* back-references */
  "'abab', '(ab)%1'",
  "'abcabc', '(a)(b)(c)%1%2%3'",
  "'aa', '(a)%1'",
  "'ab', '(a)%1'",
  "'say \"hi\" and \\'yo\\'', '([\"\\'])(.-)%1'",
  "'abc', '%1'",
  "'abc', '%0'",
  "'abc', '(a)%2'",
  "'abc', '()a%1'",
  "'abc', '(a%1)'",
  "'xyz', 'a%1'",
  "'aaaa', '(a-)%1$'",
  /* balance and frontier */
  "'THE (quick) fox', '%((%a+)%)'",
  "'THE (quick) fox', '%b()'",
  "'((a)(b))', '%b()'",
  "'f(a(b)c)d', '%b()'",
  "'[[x]]', '%b[]'",
  "'((', '%b()'",
  "'))', '%b()'",
  "'a(b', '%b()'",
  "'xx', '%bxx'",
  "'xaxbx', '%bxx+'",
  "'[[nested]]', '%[(%b[])%]'",
  "'if x then y end', '%f[%a]%a+'",
  "'THE (quick) fox', '%f[%a]%a+%f[%A]'",
  "'hello', '%f[%l]'",
  "'hello', '%f[%z]'",
  "'abc', '%f[%c]'",
  "'aa bb', '%f[^%s]'",
  "'aa bb', '%f[%s]'",
  "'a\\0b', '%f[%z]'",
  "'x', '%f[x]'",
  "'', '%f[%z]'",
  "'', '%f[^a]'",
  /* malformed patterns and errors */
  "'abc', '[a'",
  "'abc', '['",
  "'abc', '[^'",
  "'abc', '[]'",
  "'abc', '[%'",
  "'abc', '[%]'",
  "'abc', '%'",
  "'abc', 'a%'",
  "'xyz', 'a%'",
  "'abc', '%f'",
  "'abc', '%fa'",
  "'abc', 'a%f'",
  "'abc', '%b'",
  "'abc', '%ba'",
  "'abc', 'a%b('",
  "'abc', '%g%'",
  "'abc', '[a-'",
  "('a'):rep(300), ('a?'):rep(300)",
  "('a'):rep(150), ('a?'):rep(150)",
  "('a'):rep(199), ('a?'):rep(199)",
  "('a'):rep(200), ('a?'):rep(200)",
  "('a'):rep(20), ('(a?)'):rep(20) .. ('a?'):rep(158)",
  "('a'):rep(20), ('(a?)'):rep(20) .. ('a?'):rep(159)",
  "'b', ('a-'):rep(199) .. 'b'",
  "'b', ('a-'):rep(200) .. 'b'",
  "('a'):rep(10), ('a-'):rep(210)",
  "('a'):rep(10), ('a-'):rep(150)",
  "('a'):rep(250), ('a'):rep(250)",
  "('a'):rep(10), ('(a*)'):rep(5)",
  "('ab'):rep(10), ('(a)(b)'):rep(10)",
  /* gsub corners */
  "'hello hello', '^hello'",
  "'hello', 'l'",
  "'abc', 'a'",
  "'abc', 'b'",
  "'ab', 'ab'",
  "'abc', 'abc'",
  "'xax', 'x'",
  "'hello', 'l+'",
  "'', 'x*'",
};

/* Single expressions compared between the states (argument errors,
** return types). */
static const char *const EXTRAS[] = {
  "return ser(pcall(string.gsub, 'abc', 'a'))",
  "return ser(pcall(string.gsub, 'abc', 'a', true))",
  "return ser(pcall(string.gsub, 'abc', 'a', 'x', 1.5))",
  "return ser(pcall(function () return ('abc'):gsub('a', 'x', 1.5) end))",
  "return ser(pcall(string.gsub, 'abc', 'a', 'x', 0))",
  "return ser(pcall(string.gsub, 'abc', 'a', 'x', -1))",
  "return ser(pcall(string.gsub, 'aaa', 'a', 'x', 2))",
  "return ser(pcall(string.gsub, 'aaa', 'a', 'x', 2.0))",
  "return ser(pcall(string.gsub, 'aaa', '', 'x', 2))",
  "return ser(pcall(string.gsub, 123, 'x', 'y'))",
  "return ser(pcall(string.gsub, 123, '2', 9))",
  "return ser(pcall(string.gsub, 'abc', '%w', '%'))",
  "return ser(pcall(string.gsub, 'abc', '%w', 'x%y'))",
  "return ser(pcall(string.gsub, 'abc', '%w', 'x%\\0'))",
  "return ser(pcall(string.gsub, 'abc', '(%w)', '%1%1%0%%'))",
  "return ser(pcall(string.gsub, 'abc', '()(%w)', '%1%2'))",
  "return ser(pcall(string.gsub, 'abc', '%w', function () return {} end))",
  "return ser(pcall(string.gsub, 'abc', '%w', function () return false end))",
  "return ser(pcall(string.gsub, 'abc', '%w', function () return 2^53 end))",
  "return ser(pcall(string.gsub, 'abc', '%w', function (c) return c:upper() end))",
  "return ser(pcall(string.gsub, 'abc', '%w', { a = true }))",
  "return ser(pcall(string.gsub, 'abc', '(', 'x'))",
  "return ser(pcall(string.gsub, 'hello world', '(o)', { o = '0' }))",
  "return ser(pcall(string.gsub, 'hello', '', '-'))",
  "return ser(pcall(function () return string.gsub('abc', '%w', function () error('boom') end) end))",
  "return ser(pcall(function () return string.gsub('abc', '%w', function (c) return string.gsub(c, '.', '%0%0') end) end))",
  "return ser(pcall(string.find, 'abc', {}))",
  "return ser(pcall(string.find, nil, 'a'))",
  "return ser(pcall(string.find))",
  "return ser(pcall(string.find, 'abc', 'b', 1.5))",
  "return ser(pcall(string.find, 'abc', 'b', '2'))",
  "return ser(pcall(string.find, 'a.c', '.', 1, true))",
  "return ser(pcall(string.find, 'a.c', '.', 1, false))",
  "return ser(pcall(string.find, 'a.c', '.', 1, 0))",
  "return ser(pcall(string.find, 'a.c', '', 4, true))",
  "return ser(pcall(string.find, 'a.c', '', 5, true))",
  "return ser(pcall(string.find, 'a\\0c', '\\0c', 1))",
  "return ser(pcall(string.find, 'abcabc', 'bca', -4, true))",
  "return ser(pcall(string.match, 'abc', {}))",
  "return ser(pcall(function () return ('x'):find('%') end))",
  "return ser(pcall(function () return ('x'):match('(') end))",
  "return ser(pcall(function () return ('x'):rep(300):find(('x?'):rep(300)) end))",
  "return ser(pcall(string.gmatch, 'abc'))",
  "return ser(pcall(string.gmatch, 'abc', 'b', 'z'))",
  "local it = string.gmatch('abc', '%w') it() it() it() return ser(it(), it())",
  "local it = string.gmatch('a1b2', '(%a)(%d)', 3) return ser(it())",
  "local it = string.gmatch('abc', '', 10) return ser(it())",
  "local it = string.gmatch('abc', '', 4) return ser(it(), it())",
  "local it = string.gmatch('abc', '', -1) return ser(it(), it())",
  "local it = string.gmatch('abc', '(') return ser(pcall(it))",
  "local t = {} for k, v in string.gmatch('a=1, b=2', '(%w+)=(%w+)') do t[#t+1] = k .. v end return table.concat(t, ',')",
  "local s = 'x' return ser(s:find('x'), s:match('x'), s:gsub('x', 'y'))",
};

/*
** A state with the standard libraries and the helpers; with ours set,
** the pattern functions of the string table are replaced.
*/
static lua_State *new_state (int ours, long budget) {
  lua_State *L = luaL_newstate();
  if (L == NULL)
    return NULL;
  luaL_openlibs(L);
  if (ours) {
    lua_getglobal(L, "string");
    if (budget > 0)
      bitwa_strmatch_install_budget(L, -1, budget);
    else
      bitwa_strmatch_install(L, -1);
    lua_pop(L, 1);
  }
  if (luaL_loadbuffer(L, HELPERS, sizeof HELPERS - 1, "=case") != LUA_OK ||
      lua_pcall(L, 0, 0, 0) != LUA_OK) {
    fprintf(stderr, "helpers: %s\n", lua_tostring(L, -1));
    lua_close(L);
    return NULL;
  }
  return L;
}

/*
** Run a chunk that returns one string; return a malloc'd copy of it, or
** of "LOAD:"/"RUN:" and the message.
*/
static char *run_chunk (lua_State *L, const char *code, const char *name) {
  const char *res;
  char *copy;
  if (luaL_loadbuffer(L, code, strlen(code), name) != LUA_OK)
    lua_pushfstring(L, "LOAD:%s", lua_tostring(L, -1));
  else if (lua_pcall(L, 0, 1, 0) != LUA_OK)
    lua_pushfstring(L, "RUN:%s", lua_tostring(L, -1));
  res = lua_tostring(L, -1);
  copy = strdup(res ? res : "(not a string)");
  lua_settop(L, 0);
  return copy;
}

/*
** Run one differential case in both states and compare.
*/
static void diff_case (lua_State *ref, lua_State *ours, const char *args,
                       int *errors_seen) {
  char code[512];
  snprintf(code, sizeof code, "return runcase(%s)", args);
  char *a = run_chunk(ref, code, "=run");
  char *b = run_chunk(ours, code, "=run");
  if (strcmp(a, b) != 0)
    fprintf(stderr, "case %s:\n--- lua:\n%s\n--- ours:\n%s\n", args, a, b);
  CHECK(strcmp(a, b) == 0);
  if (strstr(a, "ERR:") != NULL)
    (*errors_seen)++;
  free(a);
  free(b);
}

/* Pieces of random patterns, and the bytes of random subjects. */
static const char *const PIECES[] = {
  "a", "b", ".", "%a", "%d", "[ab]", "[^a]", "[a-c]", "*", "+", "-", "?",
  "(", ")", "()", "%1", "%2", "%b()", "%f[%w]", "%f[%W]", "^", "$", "%",
  "[", "]", "%s", "x", "%z", "[%]]", "[]", "%bxy", "(a*)", "%0", "\0"
};
static const char SUBJECT_BYTES[] = "aab(b)c 1xy\0";

/*
** xorshift64, for reproducible random cases.
*/
static unsigned next_random (unsigned long long *st, unsigned n) {
  *st ^= *st << 13;
  *st ^= *st >> 7;
  *st ^= *st << 17;
  return (unsigned)(*st % n);
}

/*
** Call runcase(S, P, I) in L with the given bytes; malloc'd result.
*/
static char *run_bytes (lua_State *L, const char *s, size_t ls,
                        const char *p, size_t lp, int init) {
  char *copy;
  lua_getglobal(L, "runcase");
  lua_pushlstring(L, s, ls);
  lua_pushlstring(L, p, lp);
  if (init != 0)
    lua_pushinteger(L, init);
  else
    lua_pushnil(L);
  if (lua_pcall(L, 3, 1, 0) != LUA_OK)
    lua_pushfstring(L, "RUN:%s", lua_tostring(L, -1));
  copy = strdup(lua_tostring(L, -1));
  lua_settop(L, 0);
  return copy;
}

/*
** Random short patterns and subjects (short enough that Lua's own
** matcher is quick on them) through both states.
*/
static void random_cases (lua_State *ref, lua_State *ours, int n) {
  unsigned long long st = 0x9E3779B97F4A7C15ULL;
  int differ = 0;
  for (int i = 0; i < n; i++) {
    char p[128], s[16];
    size_t lp = 0, ls = next_random(&st, 14);
    int pieces = 1 + (int)next_random(&st, i % 2 ? 4 : 10);
    for (int k = 0; k < pieces; k++) {
      const char *piece = PIECES[next_random(&st, sizeof PIECES / sizeof PIECES[0])];
      size_t len = strlen(piece);
      if (len == 0)
        p[lp++] = '\0';
      memcpy(p + lp, piece, len);
      lp += len;
    }
    for (size_t k = 0; k < ls; k++)
      s[k] = SUBJECT_BYTES[next_random(&st, sizeof SUBJECT_BYTES - 1)];
    int init = next_random(&st, 4) == 0 ? (int)next_random(&st, 20) - 10 : 0;
    char *a = run_bytes(ref, s, ls, p, lp, init);
    char *b = run_bytes(ours, s, ls, p, lp, init);
    if (strcmp(a, b) != 0 && differ++ < 5)
      fprintf(stderr, "random case %d: pattern \"%.*s\" subject \"%.*s\"\n"
              "--- lua:\n%s\n--- ours:\n%s\n", i, (int)lp, p, (int)ls, s, a, b);
    free(a);
    free(b);
  }
  CHECK_INT(differ, 0);
}

/*
** The differential test over CASES and EXTRAS.
*/
static void test_differential (void) {
  lua_State *ref = new_state(0, 0), *ours = new_state(1, 0);
  CHECK(ref != NULL && ours != NULL);
  if (ref == NULL || ours == NULL)
    return;
  size_t ncases = sizeof CASES / sizeof CASES[0];
  printf("differential cases: %zu (+ %zu single expressions, 3000 random)\n",
         ncases, sizeof EXTRAS / sizeof EXTRAS[0]);
  CHECK(ncases >= 150);
  int errors_seen = 0;
  for (size_t i = 0; i < ncases; i++)
    diff_case(ref, ours, CASES[i], &errors_seen);
  CHECK(errors_seen > 20);        /* the error paths were exercised */
  for (size_t i = 0; i < sizeof EXTRAS / sizeof EXTRAS[0]; i++) {
    char *a = run_chunk(ref, EXTRAS[i], "=extra");
    char *b = run_chunk(ours, EXTRAS[i], "=extra");
    if (strcmp(a, b) != 0)
      fprintf(stderr, "extra %s:\n--- lua: %s\n--- ours: %s\n", EXTRAS[i], a, b);
    CHECK(strcmp(a, b) == 0);
    free(a);
    free(b);
  }

  random_cases(ref, ours, 3000);

  /* the harness itself sees what it should */
  char *r = run_chunk(ours, "return runcase('hello world', 'o')", "=run");
  CHECK(strncmp(r, "(integer:5,integer:5)\n", 22) == 0);
  free(r);
  r = run_chunk(ours, "return runcase('abc', '%')", "=run");
  CHECK(strstr(r, "ERR:case:25: malformed pattern (ends with '%')") != NULL);
  free(r);
  /* the replacements are really installed */
  lua_getglobal(ours, "string");
  lua_getfield(ours, -1, "find");
  CHECK(lua_tocfunction(ours, -1) != NULL);
  lua_getglobal(ref, "string");
  lua_getfield(ref, -1, "find");
  CHECK(lua_tocfunction(ours, -1) != lua_tocfunction(ref, -1));
  lua_settop(ours, 0);
  lua_settop(ref, 0);
  lua_close(ref);
  lua_close(ours);
}

/*
** Run code in L and time it; returns the malloc'd result.
*/
static char *timed (lua_State *L, const char *code, double *secs) {
  clock_t t0 = clock();
  char *r = run_chunk(L, code, "=budget");
  *secs = (double)(clock() - t0) / CLOCKS_PER_SEC;
  return r;
}

/*
** Pathological patterns end with the budget error, quickly.
*/
static void test_budget_lua (void) {
  lua_State *L = new_state(1, 0);
  CHECK(L != NULL);
  if (L == NULL)
    return;
  double secs;
  char *r;

  static const char *const patho[] = {
    "return select(2, pcall(string.find, ('a'):rep(30),"
    " ('a?'):rep(30) .. ('a'):rep(30) .. 'b'))",
    "return select(2, pcall(string.match, ('a'):rep(30),"
    " ('a?'):rep(30) .. ('a'):rep(30) .. 'b'))",
    "return select(2, pcall(string.gsub, ('a'):rep(30),"
    " ('a?'):rep(30) .. ('a'):rep(30) .. 'b', 'x'))",
    "return select(2, pcall(function () for x in string.gmatch(('a'):rep(30),"
    " ('a?'):rep(30) .. ('a'):rep(30) .. 'b') do end end))",
    "return select(2, pcall(string.find, ('a'):rep(24),"
    " ('a?'):rep(24) .. ('a'):rep(24) .. 'b'))",
    "return select(2, pcall(string.find, ('a'):rep(40), ('a*'):rep(40) .. 'b'))",
    "return select(2, pcall(string.find, ('a'):rep(40), ('(a-)'):rep(30) .. 'b'))",
  };
  for (size_t i = 0; i < sizeof patho / sizeof patho[0]; i++) {
    r = timed(L, patho[i], &secs);
    CHECK(strstr(r, BUDGET_MSG) != NULL);
    if (strstr(r, BUDGET_MSG) == NULL)
      fprintf(stderr, "pathological %zu gave: %s\n", i, r);
    CHECK(secs < 2.0);
    free(r);
  }

  /* the message carries the caller's position, like other errors */
  r = run_chunk(L, "local s = ('a'):rep(30)\n"
                   "return select(2, pcall(function ()\n"
                   "  return s:find(('a?'):rep(30) .. s .. 'b')\n"
                   "end))", "=budget");
  CHECK_STR(r, "budget:3: " BUDGET_MSG);
  free(r);

  /* the pattern that does match eventually is stopped as well */
  r = timed(L, "return select(2, pcall(string.find, ('a'):rep(24),"
               " ('a?'):rep(24) .. ('a'):rep(24)))", &secs);
  CHECK(strstr(r, BUDGET_MSG) != NULL);
  CHECK(secs < 2.0);
  free(r);

  /* a lazy scan over a long subject: finishes or fails cleanly */
  r = timed(L, "local ok, a, b = pcall(string.find, string.rep('a', 100000), '.-b')\n"
               "return tostring(ok) .. ' ' .. tostring(a)", &secs);
  CHECK(strcmp(r, "true nil") == 0 || strstr(r, BUDGET_MSG) != NULL);
  printf("('a'):rep(100000):find('.-b') -> %s (%.3f s)\n", r, secs);
  CHECK(secs < 2.0);
  free(r);

  /* the budget is per call: two heavy but finite calls in a row */
  r = run_chunk(L, "local s = ('x'):rep(300000)\n"
                   "local a = select(2, s:find('.*$'))\n"
                   "local b = select(2, s:find('.*$'))\n"
                   "return a .. ',' .. b", "=budget");
  CHECK_STR(r, "300000,300000");
  free(r);

  /* after a budget error the state is fine */
  r = run_chunk(L, "return select(1, string.gsub('abc', '%w', '%0%0'))", "=budget");
  CHECK_STR(r, "aabbcc");
  free(r);
  lua_close(L);
}

/*
** One megabyte with '.*' and friends: no stack overflow.  With the
** default budget the scan alone may exceed it (it costs a step per
** byte); with a larger budget it completes.
*/
static void test_long_subject (void) {
  static const char *const codes[] = {
    "local s = ('x'):rep(1 << 20) local ok, r = pcall(string.match, s, '.*')"
    " return ok and tostring(#r) or r",
    "local s = ('x'):rep(1 << 20) local ok, r = pcall(string.match, s, '(.*)$')"
    " return ok and tostring(#r) or r",
    "local s = ('x'):rep(1 << 20) local ok, r = pcall(string.match, s, '^(.-)$')"
    " return ok and tostring(#r) or r",
    "local s = ('x'):rep(1 << 20) local ok, r = pcall(string.match, s, '^[^y]*y')"
    " return ok and tostring(r) or r",
    "local s = ('x'):rep(1 << 20) local ok, r, n = pcall(string.gsub, s, '.*', 'z')"
    " return ok and r .. n or r",
  };
  static const char *const want_big[] = {
    "1048576", "1048576", "1048576", "nil", "z1"
  };
  lua_State *def = new_state(1, 0);
  lua_State *big = new_state(1, 50L * 1000 * 1000);
  CHECK(def != NULL && big != NULL);
  if (def == NULL || big == NULL)
    return;
  for (size_t i = 0; i < sizeof codes / sizeof codes[0]; i++) {
    char *r = run_chunk(def, codes[i], "=long");
    CHECK(strcmp(r, want_big[i]) == 0 || strstr(r, BUDGET_MSG) != NULL);
    free(r);
    r = run_chunk(big, codes[i], "=long");
    CHECK_STR(r, want_big[i]);
    free(r);
  }
  lua_close(def);
  lua_close(big);
}

/*
** The C interface directly: results, codes, messages, budget.
*/
static void test_c_api (void) {
  bitwa_sm m;
  size_t st = 0, en = 0;
  const char *s = "key = value";

  bitwa_sm_init(&m, s, strlen(s), "(%w+)%s*=%s*(%w+)", 17, 0);
  CHECK_INT(m.steps, BITWA_SM_DEFAULT_BUDGET);
  CHECK_INT(bitwa_sm_find(&m, 0, &st, &en), BITWA_SM_MATCH);
  CHECK_INT(st, 0);
  CHECK_INT(en, 11);
  CHECK_INT(m.level, 2);
  CHECK_INT(m.cap[0].init, 0);
  CHECK_INT(m.cap[0].len, 3);
  CHECK_INT(m.cap[1].init, 6);
  CHECK_INT(m.cap[1].len, 5);
  CHECK(m.steps < BITWA_SM_DEFAULT_BUDGET);

  bitwa_sm_init(&m, s, strlen(s), "^value", 6, 0);
  CHECK_INT(bitwa_sm_find(&m, 0, &st, &en), BITWA_SM_NOMATCH);
  CHECK_INT(bitwa_sm_find(&m, 6, &st, &en), BITWA_SM_MATCH);
  CHECK_INT(st, 6);

  bitwa_sm_init(&m, "()", 2, "()", 2, 0);
  CHECK_INT(bitwa_sm_match(&m, 1, 0, &en), BITWA_SM_MATCH);
  CHECK_INT(en, 1);
  CHECK_INT(m.cap[0].len, BITWA_SM_CAP_POSITION);
  CHECK_INT(m.cap[0].init, 1);

  bitwa_sm_init(&m, "abc", 3, "a[b", 3, 0);
  CHECK_INT(bitwa_sm_find(&m, 0, &st, &en), BITWA_SM_EPATTERN);
  CHECK_STR(bitwa_sm_error(&m), "malformed pattern (missing ']')");
  CHECK_INT(bitwa_sm_find(&m, 0, &st, &en), BITWA_SM_EPATTERN);  /* sticky */

  char subj[400], pat[800];
  memset(subj, 'a', 300);
  for (int i = 0; i < 300; i++)
    memcpy(pat + 2 * i, "a?", 2);
  bitwa_sm_init(&m, subj, 300, pat, 600, 0);
  CHECK_INT(bitwa_sm_find(&m, 0, &st, &en), BITWA_SM_EDEPTH);
  CHECK_STR(bitwa_sm_error(&m), "pattern too complex");

  /* a tiny budget stops even a simple scan; the default does not */
  memset(subj, 'x', 100);
  bitwa_sm_init(&m, subj, 100, ".*$", 3, 10);
  CHECK_INT(bitwa_sm_find(&m, 0, &st, &en), BITWA_SM_EBUDGET);
  CHECK_STR(bitwa_sm_error(&m), BUDGET_MSG);
  CHECK_INT(m.steps, 0);
  bitwa_sm_init(&m, subj, 100, ".*$", 3, -1);
  CHECK_INT(bitwa_sm_find(&m, 0, &st, &en), BITWA_SM_MATCH);
  CHECK_INT(en, 100);

  /* the exponential pattern */
  memset(subj, 'a', 30);
  size_t lp = 0;
  for (int i = 0; i < 30; i++) { pat[lp++] = 'a'; pat[lp++] = '?'; }
  for (int i = 0; i < 30; i++) pat[lp++] = 'a';
  pat[lp++] = 'b';
  clock_t t0 = clock();
  bitwa_sm_init(&m, subj, 30, pat, lp, 0);
  CHECK_INT(bitwa_sm_find(&m, 0, &st, &en), BITWA_SM_EBUDGET);
  CHECK((double)(clock() - t0) / CLOCKS_PER_SEC < 2.0);

  /* an 8 MB subject with '.-$' and a budget to match */
  size_t big = (size_t)8 << 20;
  char *huge = malloc(big);
  CHECK(huge != NULL);
  if (huge != NULL) {
    memset(huge, 'q', big);
    bitwa_sm_init(&m, huge, big, "^(.-)$", 6, 100L * 1000 * 1000);
    CHECK_INT(bitwa_sm_find(&m, 0, &st, &en), BITWA_SM_MATCH);
    CHECK_INT(en, big);
    CHECK_INT(m.cap[0].len, (ptrdiff_t)big);
    bitwa_sm_init(&m, huge, big, "(q*)(q+)$", 9, 100L * 1000 * 1000);
    CHECK_INT(bitwa_sm_find(&m, 0, &st, &en), BITWA_SM_MATCH);
    CHECK_INT(m.cap[1].len, 1);
    free(huge);
  }

  CHECK(bitwa_sm_has_specials("a.b", 3));
  CHECK(!bitwa_sm_has_specials("a)b]", 4));
  CHECK(!bitwa_sm_has_specials("a\0b", 3));
  CHECK(bitwa_sm_has_specials("a\0-", 3));
}

int main (void) {
  test_differential();
  test_budget_lua();
  test_long_subject();
  test_c_api();
  return check_summary();
}
