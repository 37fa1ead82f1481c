/*
** tools/http.h -- bitwa.http.serve, when bitwa is built with libmicrohttpd.
*/
#ifndef BITWA_HTTP_H
#define BITWA_HTTP_H

#include <lua.h>

/* Adds bitwa.http (serve) to the global bitwa table; nothing without
** libmicrohttpd (bitwa.http is then nil). */
void bitwa_http_register (lua_State *L);

#endif
