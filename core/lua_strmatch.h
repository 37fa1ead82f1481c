/*
** core/lua_strmatch.h -- string.find, match, gmatch and gsub on top of
** the step-bounded matcher (strmatch.h).
**
** Same arguments, results and error messages as Lua 5.4's, except that
** a call that needs more than its step budget raises "pattern too
** complex (step budget exceeded)" instead of running on.  The budget
** holds per call of find, match and gsub (over all the positions and
** matches it tries) and per call of a gmatch iterator.
*/
#ifndef BITWA_LUA_STRMATCH_H
#define BITWA_LUA_STRMATCH_H

#include <lua.h>

/* Replace the fields find, match, gmatch and gsub of the table at stack
** index idx (a string library table) with the bounded versions, using
** BITWA_SM_DEFAULT_BUDGET steps per call. */
void bitwa_strmatch_install (lua_State *L, int idx);

/* The same with an explicit budget (steps <= 0: the default). */
void bitwa_strmatch_install_budget (lua_State *L, int idx, long steps);

#endif
