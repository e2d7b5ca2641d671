/* The memoised counter's loop in C: the same pass as _memo_kernels.py (numba), line for line.
 *
 * Why a second copy: numba costs about 0.4 s in every new process (its import and the typing
 * registries a cached kernel loads), more than the whole pass on most boards.  This file is
 * compiled when xlsolver is installed (setup.py, optional: no compiler means numba's copy runs)
 * and called through ctypes (native.py), so it needs no Python headers.  Both copies are tested
 * to agree on counts, states, steps and memory; change them together.
 *
 * A state is one 64-bit key, `window | wide << W`; each level's states sit in an open-addressing
 * hash table of (key, ways) pairs, all tables in one arena that is copied (live tables only) into
 * one twice the size when full.  See _memo_kernels.py for the whole story.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#ifdef _MSC_VER
#include <intrin.h>
#define EXPORT __declspec(dllexport)
static int ctz64(uint64_t x) { unsigned long i; return _BitScanForward64(&i, x) ? (int)i : 64; }
#else
#define EXPORT __attribute__((visibility("default")))
static inline int ctz64(uint64_t x) { return x ? __builtin_ctzll(x) : 64; }
#endif

#define ABI 2 /* native.py refuses a library built from another version of this file */

/* meta fields and status codes: as in memo.py */
enum { LEVEL, SLOT, STATUS, MEMORY, STATES, EDGES, PEAK, TOP, META };
enum { RUNNING, DONE, OUT_OF_MEMORY, OVERFLOW };

#define FIRST_CAPACITY 256
#define GOLDEN 0x9E3779B97F4A7C15ULL

typedef struct {
    uint64_t *pairs; /* (key, ways) pairs; 0 ways: an empty slot */
    int64_t slots;   /* how many pairs */
} arena_t;

EXPORT int64_t xlsolver_memo_abi(void) { return ABI; }

EXPORT void xlsolver_memo_release(arena_t *arena) {
    free(arena->pairs);
    arena->pairs = NULL;
    arena->slots = 0;
}

/* Add `add` ways to `key` in the table at `start`; 1 if the key is new. */
static inline int put(uint64_t *a, int64_t start, int64_t capacity, uint64_t key, uint64_t add) {
    int64_t mask = capacity - 1;
    int64_t i = (int64_t)((key * GOLDEN) >> (64 - ctz64((uint64_t)capacity)));
    while (a[2 * (start + i) + 1] != 0) {
        if (a[2 * (start + i)] == key) {
            a[2 * (start + i) + 1] += add;
            return 0;
        }
        i = (i + 1) & mask;
    }
    a[2 * (start + i)] = key;
    a[2 * (start + i) + 1] = add;
    return 1;
}

/* Room for `size` slots on top of the arena (a copy of the live tables if full);
 * sets OUT_OF_MEMORY instead when the copy would pass `memory_cap` bytes. */
static void room(arena_t *arena, int64_t n_levels, int64_t *off, int64_t *cap, int64_t *meta, int64_t size,
                 int64_t memory_cap) {
    if (meta[TOP] + size <= arena->slots) return;
    int64_t live = size;
    for (int64_t level = 0; level < n_levels; level++) live += cap[level];
    int64_t length = 2 * live > (1 << 12) ? 2 * live : (1 << 12);
    int64_t bytes = 8 * (2 * length + 2 * arena->slots);
    if (bytes > memory_cap) {
        meta[STATUS] = OUT_OF_MEMORY;
        return;
    }
    uint64_t *fresh = calloc((size_t)(2 * length), sizeof(uint64_t));
    if (fresh == NULL) {
        meta[STATUS] = OUT_OF_MEMORY;
        return;
    }
    int64_t top = 0;
    for (int64_t level = 0; level < n_levels; level++) {
        if (cap[level]) {
            memcpy(fresh + 2 * top, arena->pairs + 2 * off[level], (size_t)(2 * cap[level]) * sizeof(uint64_t));
            off[level] = top;
            top += cap[level];
        }
    }
    free(arena->pairs);
    arena->pairs = fresh;
    arena->slots = length;
    meta[TOP] = top;
    if (bytes > meta[PEAK]) meta[PEAK] = bytes;
    meta[MEMORY] = 16 * length;
}

/* An empty table for `level` on top of the arena. */
static void new_table(int64_t level, arena_t *arena, int64_t n_levels, int64_t *off, int64_t *cap, int64_t *meta,
                      int64_t memory_cap) {
    room(arena, n_levels, off, cap, meta, FIRST_CAPACITY, memory_cap);
    if (meta[STATUS] == OUT_OF_MEMORY) return;
    off[level] = meta[TOP];
    cap[level] = FIRST_CAPACITY;
    meta[TOP] += FIRST_CAPACITY;
}

/* The table of `level` moved to twice its size on top of the arena. */
static void grow(int64_t level, arena_t *arena, int64_t n_levels, int64_t *off, int64_t *cap, int64_t *meta,
                 int64_t memory_cap) {
    int64_t capacity = 2 * cap[level];
    room(arena, n_levels, off, cap, meta, capacity, memory_cap);
    if (meta[STATUS] == OUT_OF_MEMORY) return;
    int64_t old = off[level], old_capacity = cap[level]; /* read after room: a copy moves tables */
    int64_t fresh = meta[TOP];
    uint64_t *a = arena->pairs;
    meta[TOP] += capacity;
    for (int64_t i = old; i < old + old_capacity; i++)
        if (a[2 * i + 1] != 0) put(a, fresh, capacity, a[2 * i], a[2 * i + 1]);
    off[level] = fresh;
    cap[level] = capacity;
}

/* Expand up to `budget` states, from meta[LEVEL]/meta[SLOT] on: _memo_kernels.run, with the
 * arena held by the caller's arena_t (released by xlsolver_memo_release). */
EXPORT void xlsolver_memo_run(const int64_t *starts, int64_t n_levels, int64_t patterns, const uint64_t *narrow,
                              const uint64_t *wide, const int64_t *run_end, const uint64_t *needs,
                              int64_t n_narrow, int64_t window,
                              uint64_t wide_primary, arena_t *arena, int64_t *off, int64_t *cap, int64_t *fill,
                              int64_t *meta, uint64_t *total, int64_t budget, int64_t memory_cap) {
    const uint64_t pattern_mask = (uint64_t)patterns - 1;
    const uint64_t window_mask = window >= 64 ? ~0ULL : (1ULL << window) - 1;
    if (cap[0] == 0 && meta[LEVEL] == 0) { /* the start: nothing covered, the frontier at 0 */
        new_table(0, arena, n_levels, off, cap, meta, memory_cap);
        if (meta[STATUS] == OUT_OF_MEMORY) return;
        put(arena->pairs, off[0], cap[0], 0, 1);
        fill[0] = 1;
        meta[STATES] = 1;
    }
    int64_t level = meta[LEVEL], slot = meta[SLOT], edges = meta[EDGES], done = 0;
    while (level < n_levels && meta[STATUS] == RUNNING) {
        if (slot == cap[level]) {
            cap[level] = 0; /* expanded: its table is garbage, left for the next copy */
            level++;
            slot = 0;
            continue;
        }
        if (done == budget) break;
        uint64_t here = arena->pairs[2 * (off[level] + slot) + 1];
        uint64_t key = arena->pairs[2 * (off[level] + slot)];
        slot++;
        if (here == 0) continue;
        done++;
        if (here >= (1ULL << 63)) { /* sums of two such could wrap: too big to trust */
            meta[STATUS] = OVERFLOW;
            break;
        }
        uint64_t covered = key & window_mask;
        uint64_t taken = window >= 64 ? 0 : key >> window;
        int64_t row = level * patterns + (int64_t)(covered & pattern_mask); /* the options that leave those free */
        int64_t o = starts[row], last = starts[row + 1];
        while (o < last) {
            if (wide[o] & taken) {
                o = run_end[o]; /* options of one level come grouped by their wide items */
                continue;
            }
            uint64_t ahead = narrow[o] >> 1;
            uint64_t now_taken = taken | wide[o];
            o++;
            if (ahead & covered) continue;
            edges++;
            uint64_t now = covered | ahead;
            int64_t next;
            if (level < n_narrow) {
                int step = ctz64(~now) + 1; /* the frontier moves past the covered run */
                next = level + step;
                now = step < 64 ? now >> step : 0;
            } else {
                next = n_narrow;
            }
            if (next >= n_narrow) {
                uint64_t free_items = ~now_taken & wide_primary;
                if (free_items == 0) {
                    uint64_t before = total[0];
                    total[0] += here;
                    if (total[0] < before) {
                        meta[STATUS] = OVERFLOW;
                        break;
                    }
                    continue;
                }
                next = n_narrow + ctz64(free_items);
                now = 0;
            }
            if ((needs[next * patterns + (int64_t)(now & pattern_mask)] & ~now_taken) == 0)
                continue; /* a state with no move: not worth a slot */
            if (cap[next] == 0) {
                new_table(next, arena, n_levels, off, cap, meta, memory_cap);
                if (meta[STATUS] == OUT_OF_MEMORY) break;
            }
            if (put(arena->pairs, off[next], cap[next], now | (window >= 64 ? 0 : now_taken << window), here)) {
                fill[next]++;
                meta[STATES]++;
                if (4 * fill[next] > 3 * cap[next]) {
                    grow(next, arena, n_levels, off, cap, meta, memory_cap);
                    if (meta[STATUS] == OUT_OF_MEMORY) break;
                }
            }
        }
    }
    meta[LEVEL] = level;
    meta[SLOT] = slot;
    meta[EDGES] = edges;
    if (level == n_levels && meta[STATUS] == RUNNING) meta[STATUS] = DONE;
}
