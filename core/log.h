/*
** core/log.h -- the game log: one SQLite file per game.
**
** A game is a seed plus a sequence of decisions; this file keeps them
** (and, for people and for verification, the rolls, the events and a
** state checksum after every action).  One action = one transaction.
** A file from someone else is untrusted: it is opened with SQLite's
** defensive settings and is integrity- and schema-checked before use.
**
** Tables: meta(key, value); source(ruleset, name, kind, hash);
** action(n, side, line, turn, phase, status, checksum);
** decision(action, k, side, kind, request, answer);
** roll(action, k, purpose, n, sides, faces, total, forced);
** event(action, k, text).
*/
#ifndef BITWA_LOG_H
#define BITWA_LOG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "dice.h"

typedef struct bitwa_log bitwa_log;

typedef enum {
  BITWA_SYNC_FULL = 0,     /* WAL + synchronous=FULL: no acknowledged action lost */
  BITWA_SYNC_NORMAL = 1,   /* WAL + synchronous=NORMAL: batch runs */
  BITWA_SYNC_OFF = 2       /* WAL + synchronous=OFF: throw-away batch runs */
} bitwa_durability;

#define BITWA_LOG_APPLICATION_ID 0x42495457   /* "BITW" */
#define BITWA_LOG_FORMAT 1                    /* PRAGMA user_version */

/* Create a new game file; fails when the path exists.  NULL on error
** with a one-line message in err. */
bitwa_log *bitwa_log_create (const char *path, bitwa_durability dur,
                             char *err, size_t errlen);
/* Open an existing game file, untrusted: checks that it is an SQLite
** file, that application_id and user_version are bitwa's, runs
** PRAGMA integrity_check, compares the schema with the expected one.
** readonly opens with SQLITE_OPEN_READONLY.  NULL on error, e.g.
** "game.bitwa: not a bitwa game file (application id 0)". */
bitwa_log *bitwa_log_open (const char *path, bool readonly,
                           bitwa_durability dur, char *err, size_t errlen);
void bitwa_log_close (bitwa_log *log);
/* Last error message of the log ("" when none). */
const char *bitwa_log_error (const bitwa_log *log);
/* The connection's PRAGMA synchronous (0 = OFF, 1 = NORMAL, 2 = FULL),
** -1 on error. */
int bitwa_log_synchronous (bitwa_log *log);

/* Metadata: ruleset chain, overlays, scenario, seed, engine version...
** set_meta inserts or replaces, in its own transaction.  get_meta
** returns a malloc'd copy, or NULL when absent. */
int bitwa_log_set_meta (bitwa_log *log, const char *key, const char *value);
char *bitwa_log_get_meta (bitwa_log *log, const char *key);
int bitwa_log_each_meta (bitwa_log *log,
                         int (*cb) (void *ctx, const char *key, const char *value),
                         void *ctx);

/* Content hashes of what the game was built from (kind: "module",
** "table", "overlay", "scenario", "map", ...). */
int bitwa_log_add_source (bitwa_log *log, const char *ruleset,
                          const char *name, const char *kind, const char *hash);
int bitwa_log_each_source (bitwa_log *log,
                           int (*cb) (void *ctx, const char *ruleset, const char *name,
                                      const char *kind, const char *hash),
                           void *ctx);

typedef struct {
  int64_t n;              /* action number, 0 = scenario setup, then 1, 2, ... */
  const char *side;       /* who acted ("" for the engine) */
  const char *line;       /* the action as typed: "move 1/H 2301 N" */
  int turn;
  const char *phase;
  const char *status;     /* "done" or "pending" (waiting for decisions) */
  const char *checksum;   /* state checksum after the action (hex); "" when pending */
} bitwa_log_action;

typedef struct {
  int k;                  /* 1, 2, ... within the action */
  const char *side, *kind;
  const char *request;    /* JSON of the request, for people and bots */
  const char *answer;
} bitwa_log_decision;

/*
** Writing.  An action that needs no decision is written whole by
** commit_action in one transaction.  An action that stops for a
** decision is kept as "pending": each answered decision is written at
** once by add_decision (inserting the pending action row first if
** needed, one transaction), so that a killed process loses nothing it
** acknowledged (with d NULL, add_decision writes only the pending
** action row, for an action waiting for its first answer); commit_action then completes it (rolls, events, the
** remaining decisions, status "done", checksum) in one transaction, and
** abort_action removes a pending action that the rules refused.
*/
int bitwa_log_add_decision (bitwa_log *log, const bitwa_log_action *a,
                            const bitwa_log_decision *d);
int bitwa_log_commit_action (bitwa_log *log, const bitwa_log_action *a,
                             const bitwa_log_decision *decisions, int ndecisions,
                             const bitwa_roll *rolls, int nrolls,
                             const char *const *events, int nevents);
int bitwa_log_abort_action (bitwa_log *log, int64_t n);

/* Reading, in order of n then k.  A callback returning non-zero stops
** the walk and that value is returned. */
int bitwa_log_each_action (bitwa_log *log,
                           int (*cb) (void *ctx, const bitwa_log_action *a),
                           void *ctx);
int bitwa_log_each_decision (bitwa_log *log, int64_t n,
                             int (*cb) (void *ctx, const bitwa_log_decision *d),
                             void *ctx);
int bitwa_log_each_roll (bitwa_log *log, int64_t n,
                         int (*cb) (void *ctx, const bitwa_roll *r), void *ctx);
int bitwa_log_each_event (bitwa_log *log, int64_t n,
                          int (*cb) (void *ctx, const char *text), void *ctx);
/* Number of actions with status "done". */
int64_t bitwa_log_count_done (bitwa_log *log);

#endif
