/*
** tools/term.h -- bitwa.term: line editing, history and completion at the
** terminal (libedit), for the `bitwa play` prompt.
*/
#ifndef BITWA_TERM_H
#define BITWA_TERM_H

#include <lua.h>

/* Adds bitwa.term (readline, add_history) to the global bitwa table;
** nothing without libedit (bitwa.term is then nil and the prompt reads
** plain lines). */
void bitwa_term_register (lua_State *L);

#endif
