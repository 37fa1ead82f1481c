/*
** tools/http.c -- bitwa.http.serve: a small HTTP server (libmicrohttpd)
** whose every request is answered by a Lua function, in this thread.
**
** The server runs libmicrohttpd with no thread of its own: this loop
** waits on its sockets (select) and lets it read and answer requests,
** one at a time, so the Lua state is only ever used from here.  What a
** request means is the Lua handler's business (lua/engine/server.lua);
** this file only moves bytes: the method, the path, the query arguments,
** a few headers and the body (at most HTTP_BODY_MAX bytes) in,
** the status, content type and body out.  The headers passed on are
** X-Bitwa-Token, Host and Content-Type (a table: token, host,
** content_type).  SIGINT and SIGTERM end the
** loop; so does the handler's fourth result, true.
**
** Work that must not hold up requests (bots playing a game, one action
** at a time) runs in the optional idle function, called between
** requests with a monotonic clock in milliseconds; it returns how many
** milliseconds may pass before it wants to be called again (nil: not
** before the next request).  Requests are served as soon as they come,
** however much idle work is waiting.
*/
#include "http.h"

#ifdef BITWA_HTTP

#include <arpa/inet.h>
#include <errno.h>
#include <stdio.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <time.h>

#include <lauxlib.h>
#include <microhttpd.h>

#define HTTP_BODY_MAX (1 << 20)

typedef struct {
  char *body;
  size_t len, cap;
  int too_big;
} http_req;

typedef struct {
  lua_State *L;
  int handler;                  /* registry reference */
  int idle;                     /* registry reference, LUA_NOREF: none */
  int stop;
  int served;                   /* a request was answered since idle ran */
} http_server;

static long long now_ms (void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (long long) ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Run the idle function: the milliseconds until it wants to run again,
** -1 for not before the next request. */
static long long run_idle (http_server *s) {
  lua_State *L = s->L;
  int top = lua_gettop(L);
  long long wait = -1;
  if (s->idle == LUA_NOREF) return -1;
  lua_rawgeti(L, LUA_REGISTRYINDEX, s->idle);
  lua_pushinteger(L, (lua_Integer) now_ms());
  if (lua_pcall(L, 1, 1, 0) != LUA_OK) {
    fprintf(stderr, "bitwa serve: %s\n", lua_tostring(L, -1));
  } else if (lua_isinteger(L, -1)) {
    lua_Integer v = lua_tointeger(L, -1);
    wait = v < 0 ? 0 : v > 60000 ? 60000 : (long long) v;
  }
  lua_settop(L, top);
  return wait;
}

static volatile sig_atomic_t http_signalled;

static void on_signal (int sig) {
  (void) sig;
  http_signalled = 1;
}

static enum MHD_Result add_arg (void *cls, enum MHD_ValueKind kind,
                                const char *key, const char *value) {
  lua_State *L = cls;
  (void) kind;
  if (key && value) {
    lua_pushstring(L, value);
    lua_setfield(L, -2, key);
  }
  return MHD_YES;
}

static enum MHD_Result respond (struct MHD_Connection *c, unsigned status,
                                const char *ctype, const char *body, size_t len) {
  struct MHD_Response *r = MHD_create_response_from_buffer(len, (void *) body, MHD_RESPMEM_MUST_COPY);
  enum MHD_Result rc;
  if (!r) return MHD_NO;
  MHD_add_response_header(r, "Content-Type", ctype);
  MHD_add_response_header(r, "Cache-Control", "no-store");
  MHD_add_response_header(r, "X-Content-Type-Options", "nosniff");
  rc = MHD_queue_response(c, status, r);
  MHD_destroy_response(r);
  return rc;
}

static enum MHD_Result on_request (void *cls, struct MHD_Connection *c,
                                   const char *url, const char *method,
                                   const char *version, const char *upload,
                                   size_t *upload_size, void **con_cls) {
  http_server *s = cls;
  lua_State *L = s->L;
  http_req *q = *con_cls;
  const char *token, *host, *ctype;
  int top, status;
  (void) version;
  if (q == NULL) {
    q = calloc(1, sizeof *q);
    if (!q) return MHD_NO;
    *con_cls = q;
    return MHD_YES;
  }
  if (*upload_size > 0) {
    size_t n = *upload_size;
    if (!q->too_big && q->len + n > HTTP_BODY_MAX) q->too_big = 1;
    if (!q->too_big) {
      if (q->len + n + 1 > q->cap) {
        size_t cap = (q->len + n + 1) * 2;
        char *b = realloc(q->body, cap);
        if (!b) return MHD_NO;
        q->body = b;
        q->cap = cap;
      }
      memcpy(q->body + q->len, upload, n);
      q->len += n;
    }
    *upload_size = 0;
    return MHD_YES;
  }
  if (q->too_big) {
    static const char msg[] = "{\"error\":\"the request body is too large\"}";
    return respond(c, 413, "application/json", msg, sizeof msg - 1);
  }
  top = lua_gettop(L);
  lua_rawgeti(L, LUA_REGISTRYINDEX, s->handler);
  lua_pushstring(L, method);
  lua_pushstring(L, url);
  lua_newtable(L);
  MHD_get_connection_values(c, MHD_GET_ARGUMENT_KIND, add_arg, L);
  lua_pushlstring(L, q->body ? q->body : "", q->len);
  lua_createtable(L, 0, 3);
  token = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "X-Bitwa-Token");
  if (token) { lua_pushstring(L, token); lua_setfield(L, -2, "token"); }
  host = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Host");
  if (host) { lua_pushstring(L, host); lua_setfield(L, -2, "host"); }
  ctype = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Content-Type");
  if (ctype) { lua_pushstring(L, ctype); lua_setfield(L, -2, "content_type"); }
  if (lua_pcall(L, 5, 4, 0) != LUA_OK) {
    static const char msg[] = "{\"error\":\"internal error\"}";
    fprintf(stderr, "bitwa serve: %s\n", lua_tostring(L, -1));
    lua_settop(L, top);
    return respond(c, 500, "application/json", msg, sizeof msg - 1);
  }
  {
    size_t len;
    const char *ctype = lua_tostring(L, -3);
    const char *body = lua_tolstring(L, -2, &len);
    enum MHD_Result rc;
    status = (int) lua_tointeger(L, -4);
    if (status < 100 || status > 599) status = 500;
    if (lua_toboolean(L, -1)) s->stop = 1;
    s->served = 1;
    rc = respond(c, (unsigned) status, ctype ? ctype : "text/plain", body ? body : "", body ? len : 0);
    lua_settop(L, top);
    return rc;
  }
}

static void on_completed (void *cls, struct MHD_Connection *c, void **con_cls,
                          enum MHD_RequestTerminationCode toe) {
  http_req *q = *con_cls;
  (void) cls; (void) c; (void) toe;
  if (q) {
    free(q->body);
    free(q);
    *con_cls = NULL;
  }
}

/*
** bitwa.http.serve{ host = "127.0.0.1", port = N (0: any free port),
**   handler = function(method, path, args, body, headers) -> status,
**     content_type, body [, stop], ready = function(port),
**   idle = function(now_ms) -> ms until the next call | nil }
** Returns when the handler asks to stop or on SIGINT/SIGTERM (whose
** handler then stays installed: see the end); nil and a message when the
** server cannot start.
*/
static int http_serve (lua_State *L) {
  http_server s;
  struct sockaddr_in addr;
  struct MHD_Daemon *d;
  const union MHD_DaemonInfo *info;
  struct sigaction sa, old_int, old_term;
  const char *host;
  lua_Integer port;
  luaL_checktype(L, 1, LUA_TTABLE);
  lua_getfield(L, 1, "host");
  host = luaL_optstring(L, -1, "127.0.0.1");
  lua_getfield(L, 1, "port");
  port = luaL_optinteger(L, -1, 0);
  if (port < 0 || port > 65535) return luaL_error(L, "port: 0 to 65535 expected");
  memset(&addr, 0, sizeof addr);
  addr.sin_family = AF_INET;
  addr.sin_port = htons((uint16_t) port);
  if (inet_pton(AF_INET, host, &addr.sin_addr) != 1) {
    lua_pushnil(L);
    lua_pushfstring(L, "'%s' is not an IPv4 address", host);
    return 2;
  }
  lua_getfield(L, 1, "handler");
  luaL_checktype(L, -1, LUA_TFUNCTION);
  s.L = L;
  s.handler = luaL_ref(L, LUA_REGISTRYINDEX);
  s.stop = 0;
  s.served = 0;
  lua_getfield(L, 1, "idle");
  if (lua_isfunction(L, -1)) s.idle = luaL_ref(L, LUA_REGISTRYINDEX);
  else { lua_pop(L, 1); s.idle = LUA_NOREF; }
  d = MHD_start_daemon(MHD_USE_ERROR_LOG, 0, NULL, NULL, on_request, &s,
                       MHD_OPTION_SOCK_ADDR, (struct sockaddr *) &addr,
                       MHD_OPTION_NOTIFY_COMPLETED, on_completed, NULL,
                       MHD_OPTION_CONNECTION_LIMIT, (unsigned int) 64,
                       MHD_OPTION_CONNECTION_TIMEOUT, (unsigned int) 30,
                       MHD_OPTION_END);
  if (!d) {
    luaL_unref(L, LUA_REGISTRYINDEX, s.handler);
    luaL_unref(L, LUA_REGISTRYINDEX, s.idle);
    lua_pushnil(L);
    lua_pushfstring(L, "cannot listen on %s:%d: %s", host, (int) port, strerror(errno));
    return 2;
  }
  info = MHD_get_daemon_info(d, MHD_DAEMON_INFO_BIND_PORT);
  lua_getfield(L, 1, "ready");
  if (lua_isfunction(L, -1)) {
    lua_pushinteger(L, info ? info->port : port);
    if (lua_pcall(L, 1, 0, 0) != LUA_OK) {
      MHD_stop_daemon(d);
      luaL_unref(L, LUA_REGISTRYINDEX, s.handler);
      luaL_unref(L, LUA_REGISTRYINDEX, s.idle);
      return lua_error(L);
    }
  } else lua_pop(L, 1);
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_signal;        /* no SA_RESTART: select returns */
  sigemptyset(&sa.sa_mask);
  http_signalled = 0;
  sigaction(SIGINT, &sa, &old_int);
  sigaction(SIGTERM, &sa, &old_term);
  {
    long long due, first = run_idle(&s);   /* due: when idle runs next, -1: not due */
    due = first < 0 ? -1 : now_ms() + first;
    while (!s.stop && !http_signalled) {
      fd_set rs, ws, es;
      MHD_socket max = 0;
      long long wait = 1000, now;
      struct timeval tv;
      MHD_UNSIGNED_LONG_LONG ms;
      FD_ZERO(&rs); FD_ZERO(&ws); FD_ZERO(&es);
      if (MHD_get_fdset(d, &rs, &ws, &es, &max) != MHD_YES) break;
      if (MHD_get_timeout(d, &ms) == MHD_YES && (long long) ms < wait) wait = (long long) ms;
      if (due >= 0) {
        long long until = due - now_ms();
        if (until < wait) wait = until < 0 ? 0 : until;
      }
      tv.tv_sec = (time_t) (wait / 1000);
      tv.tv_usec = (suseconds_t) ((wait % 1000) * 1000);
      if (select(max + 1, &rs, &ws, &es, &tv) < 0 && errno != EINTR) break;
      MHD_run(d);
      now = now_ms();
      if (s.idle != LUA_NOREF && (s.served || (due >= 0 && now >= due))) {
        long long next;
        s.served = 0;
        next = run_idle(&s);
        due = next < 0 ? -1 : now_ms() + next;
      }
    }
  }
  /* After a signal the handler stays: another may follow at once
  ** (timeout(1) sends its signal to the command and then to its whole
  ** process group, so the server gets it twice), and the default action
  ** would end the process before the caller has closed its game (its
  ** snapshot written, the WAL folded into the file).  Returning after a
  ** signal means the command is ending; the handler only sets the flag. */
  if (!http_signalled) {
    sigaction(SIGINT, &old_int, NULL);
    sigaction(SIGTERM, &old_term, NULL);
  }
  MHD_stop_daemon(d);
  luaL_unref(L, LUA_REGISTRYINDEX, s.handler);
  luaL_unref(L, LUA_REGISTRYINDEX, s.idle);
  lua_pushboolean(L, 1);
  return 1;
}

void bitwa_http_register (lua_State *L) {
  if (lua_getglobal(L, "bitwa") == LUA_TTABLE) {
    lua_pushliteral(L, "http");
    lua_newtable(L);
    lua_pushcfunction(L, http_serve);
    lua_setfield(L, -2, "serve");
    lua_rawset(L, -3);
  }
  lua_pop(L, 1);
}

#else

void bitwa_http_register (lua_State *L) { (void) L; }

#endif
