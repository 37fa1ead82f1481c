/*
** core/state.h -- the game state the rules read and change.
**
** Entities (units, leaders, banners, markers, ...) have integer ids and
** a row of typed slots.  The slots are declared by the ruleset when a
** game is built (sp, mp, cf, armour, disorganized, ...); the kernel
** names none of them.  Named variables hold everything else (turn,
** phase, morale tracks, scattered-unit tracks, markers on hexes).
**
** Every mutation is recorded as an event line until the caller takes
** the events.  A clone is a deep copy; a swap exchanges two states in
** O(1); an action is rolled back through the journal (mark/rollback),
** which undoes its changes without copying the state.  The checksum and
** the hash cover the content only: independent of memory layout,
** insertion order of variables and string interning order.
*/
#ifndef BITWA_STATE_H
#define BITWA_STATE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "hex.h"

typedef enum {
  BITWA_T_NIL = 0,   /* absent (variables only) */
  BITWA_T_INT,
  BITWA_T_BOOL,
  BITWA_T_STR,       /* value = interned string id */
  BITWA_T_HEX        /* value = bitwa_hex_pack(); BITWA_HEX_NONE = none */
} bitwa_type;

#define BITWA_HEX_NONE INT64_MIN
int64_t bitwa_hex_pack (bitwa_hex h);
bitwa_hex bitwa_hex_unpack (int64_t v);

typedef struct bitwa_state bitwa_state;

bitwa_state *bitwa_state_new (void);
void bitwa_state_free (bitwa_state *s);
bitwa_state *bitwa_state_clone (const bitwa_state *s);
void bitwa_state_swap (bitwa_state *a, bitwa_state *b);

/* Slots.  Declared before the first entity exists; returns the slot
** number, or -1 if the name is taken or entities exist already. */
int bitwa_state_declare (bitwa_state *s, const char *name, bitwa_type t,
                         int64_t dflt);
int bitwa_state_slot (const bitwa_state *s, const char *name);
int bitwa_state_nslots (const bitwa_state *s);
const char *bitwa_state_slot_name (const bitwa_state *s, int slot);
bitwa_type bitwa_state_slot_type (const bitwa_state *s, int slot);

/* Strings used as values are interned per state. */
int64_t bitwa_state_intern (bitwa_state *s, const char *str);
const char *bitwa_state_string (const bitwa_state *s, int64_t id);

/* Entities: ids 1, 2, ... in creation order, never reused. */
int bitwa_state_spawn (bitwa_state *s);
int bitwa_state_remove (bitwa_state *s, int id);
bool bitwa_state_alive (const bitwa_state *s, int id);
int bitwa_state_max_id (const bitwa_state *s);
/* Whether entity id is the same in a and b: absent from both, or alive in
** both with equal values in every slot (strings compared by their text);
** -1 when a and b do not declare the same slots. */
int bitwa_state_same_entity (const bitwa_state *a, const bitwa_state *b, int id);
/* get returns the slot's value (0 when id or slot is bad, *ok false). */
int64_t bitwa_state_get (const bitwa_state *s, int id, int slot, bool *ok);
int bitwa_state_set (bitwa_state *s, int id, int slot, int64_t value);

/* The version of the entities' content: it changes with every spawn,
** removal and changed slot (not with variables), and a clone keeps its
** original's, so that a cache of slot values can tell it is current. */
uint64_t bitwa_state_version (const bitwa_state *s);
/* The version of the whole content, entities and variables: it changes
** with every change the entities' version sees and with every variable
** set to another value, and comes back with both after a rollback; a
** clone keeps its original's. */
uint64_t bitwa_state_position_version (const bitwa_state *s);

/* Variables, kept sorted by key. */
int bitwa_state_set_var (bitwa_state *s, const char *key, bitwa_type t,
                         int64_t value);
bitwa_type bitwa_state_get_var (const bitwa_state *s, const char *key,
                                int64_t *value);
int bitwa_state_nvars (const bitwa_state *s);
/* The number of interned strings (interning one is linear in it). */
int bitwa_state_nstrings (const bitwa_state *s);
const char *bitwa_state_var_at (const bitwa_state *s, int i, bitwa_type *t,
                                int64_t *value);

/* Events: one line per mutation, plus notes the rules add. */
int bitwa_state_note (bitwa_state *s, const char *text);
int bitwa_state_nevents (const bitwa_state *s);
/* What event i changed. */
enum { BITWA_EV_NOTE = 0, BITWA_EV_SPAWN, BITWA_EV_REMOVE, BITWA_EV_SET, BITWA_EV_VAR };
typedef struct {
  int kind;                 /* BITWA_EV_* */
  int id;                   /* the entity (spawn, remove, set), else 0 */
  char *attr;               /* the slot (set) or variable (var), else "" */
  bitwa_type now_t, was_t;  /* NIL for a removed variable or no hex */
  int64_t now, was;         /* INT, BOOL */
  char *now_s, *was_s;      /* STR: the string, HEX: its label */
} bitwa_state_event_info;
const bitwa_state_event_info *bitwa_state_event_info_at (const bitwa_state *s, int i);
const char *bitwa_state_event (const bitwa_state *s, int i);
void bitwa_state_clear_events (bitwa_state *s);
/* Recording can be switched off (bots exploring clones). */
void bitwa_state_record (bitwa_state *s, bool on);

/* The journal: mark starts noting every change (unmark stops and forgets
** it); rollback undoes every change since the mark (and stays marked);
** clone_at_mark is a copy of the state as it was at the mark (a plain
** clone when not marked).  An action's rollback without copying the state. */
void bitwa_state_mark (bitwa_state *s);
void bitwa_state_unmark (bitwa_state *s);
bool bitwa_state_is_marked (const bitwa_state *s);
int bitwa_state_rollback (bitwa_state *s);
bitwa_state *bitwa_state_clone_at_mark (const bitwa_state *s);

/* Content checksum (64 bits) of game format 1: FNV-1a over the whole
** content, computed from scratch. */
uint64_t bitwa_state_checksum (const bitwa_state *s);

/* The whole content as bytes (malloc'd, *len set), deterministic; and
** back into a state with the same slots and no entity, checking
** everything (0, or -1 with a message and s unchanged). */
void *bitwa_state_serialize (const bitwa_state *s, size_t *len);
int bitwa_state_deserialize (bitwa_state *s, const void *data, size_t len,
                             char *err, size_t errlen);
/* The content hash of game format 2: kept up to date by every change, so
** reading it is O(slots); bitwa_state_hash_full computes the same value
** from scratch (the reference). */
uint64_t bitwa_state_hash (const bitwa_state *s);
uint64_t bitwa_state_hash_full (const bitwa_state *s);

#endif
