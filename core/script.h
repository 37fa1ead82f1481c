/*
** core/script.h -- the Lua side of the kernel: building the lua_State,
** the sandbox rule code runs in, and the limits on it.
**
** One lua_State per process holds the trusted engine code (lua/engine)
** and the sandboxed environments of rule modules.  Rule code runs with
** an instruction budget (a count hook that re-arms itself after it
** fires) and under a memory cap (the allocator counts bytes).  A kill
** -- budget, memory or exhausted forced dice -- cannot be swallowed by
** a pcall inside rule code: the sandbox's pcall/xpcall rethrow it.
*/
#ifndef BITWA_SCRIPT_H
#define BITWA_SCRIPT_H

#include <stddef.h>
#include <lua.h>

typedef enum {
  BITWA_KILL_NONE = 0,
  BITWA_KILL_BUDGET,     /* instruction budget exceeded */
  BITWA_KILL_MEMORY,     /* memory cap exceeded */
  BITWA_KILL_DICE,       /* forced dice exhausted */
  BITWA_KILL_CPU         /* CPU-time ceiling of a run exceeded */
} bitwa_kill;

typedef struct bitwa_script bitwa_script;

/* A new state with every standard library open (for the trusted
** engine) and the `bitwa` module loaded as a global.  home is the
** directory holding lua/ and rulesets/.  NULL on failure. */
lua_State *bitwa_script_new (const char *home);
void bitwa_script_close (lua_State *L);
bitwa_script *bitwa_script_get (lua_State *L);

/* The state's slots for the metatables of the kernel's classes (hex,
** map, state, ...; BITWA_CLASSES of them), filled by bitwa_open_kernel:
** a type check compares a metatable with its slot. */
#define BITWA_CLASSES 8
const void **bitwa_script_classes (lua_State *L);

/* Mark the current run as killed and raise the error from thread L
** (with the position of the running Lua code).  Never returns. */
int bitwa_script_kill (lua_State *L, bitwa_kill why, const char *msg);
bitwa_kill bitwa_script_killed (lua_State *L);

/* Charge n instructions of C work done for rule code running on thread
** L to the budget (nothing outside a run or in another kind of state);
** raises the budget's kill when it runs out. */
void bitwa_script_charge (lua_State *L, long long n);

/* Count bytes the kernel keeps outside the Lua heap for rule code on
** thread L against the memory cap; raises the memory kill past it. */
void bitwa_script_account (lua_State *L, size_t bytes);

/* Opens bitwa.sandbox (in script.c) and the kernel bindings
** (in lua_bitwa.c); both leave their table on the stack. */
int bitwa_open_sandbox (lua_State *L);
int bitwa_open_kernel (lua_State *L);

/* The engine's own modules (lua/engine/...) compiled when bitwa was
** built (tools/embed_engine.c): the chunk name the module searcher
** gives the file, the length and bitwa_script_text_hash of the text it
** was compiled from, and the compiled chunk.  A list ends with a NULL
** chunkname. */
#include <stdint.h>
typedef struct {
  const char *chunkname;
  size_t text_len;
  uint64_t text_hash;
  const unsigned char *code;
  size_t code_len;
} bitwa_compiled_module;

/* States made after this call load an engine module from `mods` when
** the file `require` finds has the name, length and hash recorded
** there, and parse the file's text otherwise (NULL: always parse).
** Only trusted engine code is ever given in compiled form. */
void bitwa_script_use_compiled (const bitwa_compiled_module *mods);

/* FNV-1a, 64 bits, of n bytes (bitwa.util.hash's, as 16 hex digits). */
uint64_t bitwa_script_text_hash (const char *s, size_t n);

/* Load the text of a Lua file as luaL_loadfilex does (a first line
** starting with '#' is skipped, its line kept for the line numbers),
** text only; pushes the function or the message. */
int bitwa_script_load_text (lua_State *L, const char *s, size_t n, const char *chunkname);

#endif
